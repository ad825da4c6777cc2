import 'gql.tada';

// How the schema's custom scalars arrive in JSON; merged with the generated graphql-env.d.ts.
declare module 'gql.tada' {
  interface setupSchema {
    scalars: {
      /** An ISO 8601 date-time string. */
      DateTime: string;
      JSON: unknown;
    };
  }
}
