import {
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,


  isListType,
  isNonNullType,
  Kind,
  typeFromAST,
  validate,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { createComplexityRule } from '@pothos/plugin-complexity';
import { collectWebOperations, strayOperationFiles } from '../../../../scripts/web-operations';
import { loadConfig } from '../config';
import { schema } from '../graphql-schema';
import { MAX_PAGE_SIZE } from '../schema/paginator';
import { StoredUpload } from '../storage/upload';
import { costError, limitRules, operationLimits, parseWithLimit } from './operation-limits';

const limits = operationLimits(loadConfig({}));

/** The most demanding value of an input type: page sizes at their cap, one element per list. */
function worstValue(type: GraphQLInputType, name: string): unknown {
  if (isNonNullType(type)) return worstValue(type.ofType as GraphQLInputType, name);
  if (isListType(type)) return [worstValue(type.ofType as GraphQLInputType, name)];
  const named = getNamedType(type);
  if (named instanceof GraphQLInputObjectType) {
    const fields = Object.values(named.getFields());
    return Object.fromEntries(fields.filter((f) => f.name === 'first' || isNonNullType(f.type)).map((f) => [f.name, worstValue(f.type, f.name)]));
  }
  if (named instanceof GraphQLEnumType) return named.getValues()[0]!.value;
  switch (named.name) {
    case 'Int':
      return name === 'first' ? MAX_PAGE_SIZE : 1;
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    case 'DateTime':
      return '2026-11-25T00:00:00Z';
    case 'JSON':
      return {};
    case 'Upload':
      return new StoredUpload('a.package', 'application/octet-stream', 1, 'x', 'k', new Uint8Array(), false);
    default:
      return 'x';
  }
}

function worstVariables(graphqlSchema: GraphQLSchema, operation: OperationDefinitionNode): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(graphqlSchema, definition.type as never) as GraphQLInputType | undefined;
    if (!type) throw new Error(`Unknown type of $${definition.variable.name.value}`);
    // An optional page size is still worth asking for at its largest; other optional variables stay out.
    const name = definition.variable.name.value;
    if (isNonNullType(type) || name === 'first' || getNamedType(type) instanceof GraphQLInputObjectType) values[name] = worstValue(type, name);
  }
  return values;
}

interface Measured {
  name: string;
  tokens: number;
  aliases: number;
  depth: number;
  directives: number;
  cost: number;
}

/** Every metric of a document, read by the same armor rules and cost rule the server applies. */
function measure(name: string, text: string): Measured {
  const parser = new MaxTokensParserWLexer(text, { n: Number.MAX_SAFE_INTEGER });
  const document = parser.parseDocument();
  const seen = { aliases: 0, depth: 0, directives: 0, cost: 0 };
  const record = (key: 'aliases' | 'depth' | 'directives') => [(_: unknown, details: { n: number }) => void (seen[key] = Math.max(seen[key], details.n))];
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const errors = validate(schema, document, [
    maxAliasesRule({ n: Number.MAX_SAFE_INTEGER, allowList: [], onAccept: record('aliases') }),
    maxDepthRule({ n: Number.MAX_SAFE_INTEGER, onAccept: record('depth') }),
    maxDirectivesRule({ n: Number.MAX_SAFE_INTEGER, onAccept: record('directives') }),
    createComplexityRule({
      context: {},
      variableValues: worstVariables(schema, operation),
      operationName: name,
      onResult: (result) => void (seen.cost = Math.max(seen.cost, result.complexity)),
    }),
  ]);
  expect(errors, name).toEqual([]);
  return { name, tokens: parser.tokenCount, ...seen };
}

const operations = (await collectWebOperations()).filter((op) => op.kind !== 'subscription');
const measured = operations.map((op) => measure(op.name, op.text));
const heaviest = (key: keyof Omit<Measured, 'name'>) => measured.reduce((a, b) => (b[key] > a[key] ? b : a));

/** How far inside each limit the heaviest real document must stay. */
const HEADROOM = 2;

describe('operation limits, set from what the web app really sends', () => {
  it('reads every query and mutation of the web app', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(strayOperationFiles()).toEqual([]);
  });

  it.each([
    ['tokens', 'maxTokens'],
    ['aliases', 'maxAliases'],
    ['depth', 'maxDepth'],
    ['directives', 'maxDirectives'],
    ['cost', 'maxCost'],
  ] as const)('keeps the heaviest document by %s at most half of the limit', (metric, limit) => {
    const top = heaviest(metric);
    console.log(`heaviest by ${metric}: ${top.name} ${top[metric]} (limit ${limits[limit]})`, [...measured].sort((a, b) => b[metric] - a[metric]).slice(0, 6).map((m) => `${m.name} ${m[metric]}`).join(', '));
    expect(top[metric] * HEADROOM, `${top.name}: ${metric} ${top[metric]} against ${limits[limit]}`).toBeLessThanOrEqual(limits[limit]);
  });

  it('lets every document pass the very checks the server runs, with page sizes at their cap', () => {
    const rules = limitRules(limits);
    for (const op of operations) {
      const document = parseWithLimit(op.text, limits);
      expect(validate(schema, document, rules), op.name).toEqual([]);
      const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
      expect(costError(schema, document, { contextValue: {}, variableValues: worstVariables(schema, operation), operationName: op.name }, limits), op.name).toEqual([]);
    }
  });
});

