import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { createComplexityRule } from '@pothos/plugin-complexity';
import type { Plugin } from 'graphql-yoga';
import { validate, type DocumentNode, type GraphQLError, type GraphQLSchema, type ParseOptions, type Source, type ValidationContext, type ValidationRule } from 'graphql';
import type { Config } from '../config';
import { AppError } from '../errors';

/**
 * How much one GraphQL request may ask for. Set from measurement: `operation-limits.test.ts` runs
 * every document the web app sends through these same checks and keeps the heaviest well inside
 * (docs/operations.md, "Operation limits").
 */
export interface OperationLimits {
  /** Lexical tokens in the document: bounds parsing and every later pass over it. */
  maxTokens: number;
  /** Aliased fields (`a1: me`, `a2: me`, …), `__typename` included. */
  maxAliases: number;
  /** Nesting of selections, fragments followed. */
  maxDepth: number;
  /** Directives (`@include`, `@skip`, …). */
  maxDirectives: number;
  /** The operation's cost: every field 1, a paged field times its page size, other lists times 10. */
  maxCost: number;
}

export function operationLimits(config: Config): OperationLimits {
  return {
    maxTokens: config.GRAPHQL_MAX_TOKENS,
    maxAliases: config.GRAPHQL_MAX_ALIASES,
    maxDepth: config.GRAPHQL_MAX_DEPTH,
    maxDirectives: config.GRAPHQL_MAX_DIRECTIVES,
    maxCost: config.GRAPHQL_MAX_COST,
  };
}

/** Why a request was refused before it ran; clients branch on `extensions.code`. */
export const OperationLimitCode = {
  TOO_MANY_TOKENS: 'QUERY_TOO_LONG',
  TOO_MANY_ALIASES: 'QUERY_TOO_MANY_ALIASES',
  TOO_DEEP: 'QUERY_TOO_DEEP',
  TOO_MANY_DIRECTIVES: 'QUERY_TOO_MANY_DIRECTIVES',
  TOO_COSTLY: 'QUERY_TOO_COSTLY',
} as const;
type OperationLimitCode = (typeof OperationLimitCode)[keyof typeof OperationLimitCode];

const MESSAGES: Record<OperationLimitCode, (found: number | null, max: number) => string> = {
  QUERY_TOO_LONG: (_found, max) => `This request is too long: at most ${max} tokens are allowed. Split it into smaller requests.`,
  QUERY_TOO_MANY_ALIASES: (found, max) => `This request has ${found} aliases; at most ${max} are allowed. Split it into smaller requests.`,
  QUERY_TOO_DEEP: (found, max) => `This request nests ${found} levels deep; at most ${max} are allowed.`,
  QUERY_TOO_MANY_DIRECTIVES: (found, max) => `This request has ${found} directives; at most ${max} are allowed.`,
  QUERY_TOO_COSTLY: (found, max) =>
    `This request asks for too much at once (cost ${found}; at most ${max} is allowed). Ask for smaller pages or fewer fields, or split it.`,
};

export function operationLimitError(code: OperationLimitCode, found: number | null, max: number): AppError {
  return new AppError(code, MESSAGES[code](found, max), 'graphql', { limit: max, ...(found === null ? {} : { found }) });
}

/** The number armor's message names ("…, found 301."); null when it names none. */
function foundIn(error: GraphQLError): number | null {
  const match = /found (\d+)/.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** An armor rule's rejection, reported as our own error with its code instead of armor's text. */
function reportAs(code: OperationLimitCode, max: number) {
  return [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(operationLimitError(code, foundIn(error), max))];
}

/** The document checks (aliases, depth, directives): static, so Yoga's validation cache keeps them. */
export function limitRules(limits: OperationLimits): ValidationRule[] {
  const common = { exposeLimits: true, propagateOnRejection: false } as const;
  return [
    // __typename counts too: 20,000 aliases of it are as much work as any other field.
    maxAliasesRule({ ...common, n: limits.maxAliases, allowList: [], onReject: reportAs(OperationLimitCode.TOO_MANY_ALIASES, limits.maxAliases) }),
    maxDepthRule({ ...common, n: limits.maxDepth, onReject: reportAs(OperationLimitCode.TOO_DEEP, limits.maxDepth) }),
    maxDirectivesRule({ ...common, n: limits.maxDirectives, onReject: reportAs(OperationLimitCode.TOO_MANY_DIRECTIVES, limits.maxDirectives) }),
  ];
}

/** Parses with a token limit: a huge document is refused while it is read, before any other pass. */
export function parseWithLimit(source: string | Source, limits: OperationLimits, options?: ParseOptions): DocumentNode {
  const parser = new MaxTokensParserWLexer(source, {
    ...options,
    n: limits.maxTokens,
    propagateOnRejection: false,
    onReject: [
      () => {
        throw operationLimitError(OperationLimitCode.TOO_MANY_TOKENS, null, limits.maxTokens);
      },
    ],
  });
  return parser.parseDocument();
}

/**
 * The operation's cost with these variables: null when within the limit, else the refusal. The
 * cost depends on the variables (`first`), so it is priced per request, after the cached checks.
 */
export function costError(
  schema: GraphQLSchema,
  document: DocumentNode,
  request: { contextValue: object; variableValues?: Record<string, unknown> | null | undefined; operationName?: string | null | undefined },
  limits: OperationLimits,
): readonly GraphQLError[] {
  return validate(schema, document, [
    createComplexityRule({
      context: request.contextValue,
      variableValues: request.variableValues ?? {},
      operationName: request.operationName ?? null,
      validate: (result, report) => {
        if (result.complexity > limits.maxCost) report(operationLimitError(OperationLimitCode.TOO_COSTLY, result.complexity, limits.maxCost));
      },
    }),
  ]);
}

/** How many variable sets of one document keep their priced answer. */
const PRICED_PER_DOCUMENT = 64;

/**
 * GraphQL Armor's document limits and the cost limit as one Yoga plugin: tokens while parsing,
 * aliases, depth and directives while validating, and the cost (which needs the variables) just
 * before execution starts. Every refusal comes back before any resolver runs.
 */
export function useOperationLimits(limits: OperationLimits): Plugin {
  const rules = limitRules(limits);
  // A document's cost depends only on its variables (schema/cost.ts never reads the context), so the
  // answer is kept per parsed document (Yoga's parse cache hands out the same one) and variables.
  const priced = new WeakMap<DocumentNode, Map<string, readonly GraphQLError[]>>();
  const priceOf = (args: Parameters<typeof costError>[2] & { schema: GraphQLSchema; document: DocumentNode }) => {
    const key = `${args.operationName ?? ''}\u0000${JSON.stringify(args.variableValues ?? {})}`;
    let byVariables = priced.get(args.document);
    const known = byVariables?.get(key);
    if (known) return known;
    const errors = costError(args.schema, args.document, args, limits);
    if (!byVariables) priced.set(args.document, (byVariables = new Map()));
    // Bounded: a client sending ever new variables to one document keeps at most this many answers.
    if (byVariables.size >= PRICED_PER_DOCUMENT) byVariables.delete(byVariables.keys().next().value!);
    byVariables.set(key, errors);
    return errors;
  };
  return {
    onParse({ setParseFn }) {
      setParseFn((source, options) => parseWithLimit(source, limits, options));
    },
    onValidate({ addValidationRule }) {
      for (const rule of rules) addValidationRule(rule);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const errors = priceOf(args);
      if (errors.length > 0) setResultAndStopExecution({ errors });
    },
  };
}
