import { GraphQLError } from 'graphql';
import { builder } from './builder';

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
