import { GraphQLError } from 'graphql';
import { builder } from './builder';
import { StoredUpload } from '../storage/upload';

builder.scalarType('DateTime', {
  description: 'An ISO-8601 date and time, always with its offset (UTC on output).',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (typeof value !== 'string' || Number.isNaN(date.getTime())) {
      throw new GraphQLError(`"${String(value)}" is not a date and time (ISO-8601).`);
    }
    return date;
  },
});

builder.scalarType('JSON', {
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

builder.scalarType('Upload', {
  description:
    'A file sent in a GraphQL multipart request (github.com/jaydenseric/graphql-multipart-request-spec). Input only.',
  serialize: () => {
    throw new GraphQLError('Upload is an input-only scalar.');
  },
  parseValue: (value) => {
    // Only the multipart parser makes StoredUploads; JSON cannot name stored content.
    if (value instanceof StoredUpload) return value;
    throw new GraphQLError('Send files as a GraphQL multipart request ("operations", "map" and the file).');
  },
  parseLiteral: () => {
    throw new GraphQLError('Send files as a GraphQL multipart request ("operations", "map" and the file).');
  },
});
