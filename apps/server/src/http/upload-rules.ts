import { getNamedType, parse, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';
import { classifyFile, MAX_ATTACHMENT_BYTES, sniffImageType } from '@corner/domain';
import type { Config } from '../config';
import { fileError, fileTooLarge } from '../modules/file/file.errors';
import { imageError, imageTooLarge } from '../modules/image/image.errors';
import { conversationError } from '../modules/conversation/conversation.errors';
import type { GraphqlOperation } from './multipart';
import type { UploadKind, UploadRule } from '../storage/upload';

/** The rules of each kind of upload argument, from the configured limits. */
export function uploadRules(config: Pick<Config, 'MAX_IMAGE_BYTES' | 'MAX_FILE_BYTES'>): Record<UploadKind, UploadRule> {
  return {
    image: {
      maxBytes: config.MAX_IMAGE_BYTES,
      check: (firstBytes, filename) => (sniffImageType(firstBytes) ? null : imageError('IMAGE_NOT_AN_IMAGE', { filename })),
      tooLarge: (_filename, size) => imageTooLarge(size, config.MAX_IMAGE_BYTES),
      empty: (filename) => imageError('IMAGE_EMPTY', { filename }),
    },
    file: {
      maxBytes: config.MAX_FILE_BYTES,
      check: (firstBytes, filename) => (classifyFile(firstBytes, filename) ? null : fileError('FILE_NOT_ACCEPTED', { filename })),
      tooLarge: (filename, size) => fileTooLarge(filename, size, config.MAX_FILE_BYTES),
      empty: (filename) => fileError('FILE_EMPTY', { filename }),
    },
    // A message attachment may be any kind of file (a screenshot, a log, a zip).
    attachment: {
      maxBytes: MAX_ATTACHMENT_BYTES,
      check: () => null,
      tooLarge: (filename, size) => conversationError('CONVERSATION_ATTACHMENT_TOO_LARGE', { filename, size, max: MAX_ATTACHMENT_BYTES }),
      empty: (filename) => conversationError('CONVERSATION_ATTACHMENT_EMPTY', { filename }),
    },
  };
}

/**
 * Which rule each variable of an operation is held to: a variable passed to an argument of type
 * Upload takes that argument's kind (`extensions: { upload: 'image' | 'attachment' }`, else 'file'); a
 * variable passed to arguments of several kinds is held to the strictest (image, then file). Works before
 * any file is read, from the query alone; an unparsable query maps nothing (its error is reported
 * when it runs, and no file is stored).
 */
export function rulesForOperation(
  schema: GraphQLSchema,
  rules: Record<UploadKind, UploadRule>,
): (operation: GraphqlOperation) => (path: string) => UploadRule | null {
  return (operation) => {
    let document: DocumentNode;
    try {
      document = parse(operation.query);
    } catch {
      return () => null;
    }
    const kinds = new Map<string, Set<UploadKind>>();
    const typeInfo = new TypeInfo(schema);
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Variable(node) {
          const argument = typeInfo.getArgument();
          const inputType = typeInfo.getInputType();
          if (!argument || !inputType || getNamedType(inputType).name !== 'Upload') return;
          const declared = argument.extensions.upload;
          const kind: UploadKind = declared === 'image' || declared === 'attachment' ? declared : 'file';
          const set = kinds.get(node.name.value) ?? new Set();
          set.add(kind);
          kinds.set(node.name.value, set);
        },
      }),
    );
    return (path) => {
      const set = kinds.get(path.split('.')[1] ?? '');
      if (!set) return null;
      return set.has('image') ? rules.image : set.has('file') ? rules.file : rules.attachment;
    };
  };
}
