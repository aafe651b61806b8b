// graphql 16: graphql/graphql is the .mjs twin of the main entry's files, so one graphql is loaded.
import assert from 'node:assert/strict';
import { GraphQLSchema } from 'cdn/graphql-like@16.6.0/+esm';
import * as graphqlImpl from 'cdn/graphql-like@16.6.0/graphql/+esm';

Deno.test('module twins: a subpath builds from the ES module twin and shares the classes of the main entry', async () => {
  const schema = new GraphQLSchema({ query: { hello: () => 'world' } });
  assert.deepEqual(await graphqlImpl.graphql({ schema, source: '{ hello }' }), { data: { hello: 'world' } });
  assert.deepEqual(Object.keys(graphqlImpl), ['graphql', 'graphqlSync']);
});
