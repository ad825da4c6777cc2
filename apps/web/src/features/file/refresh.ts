import { createRequest, type Client } from 'urql';
import { EditCreationQuery } from '../submission/graphql';

/**
 * Asks the edit page's query of a creation again (network-only), so its step list and what is
 * still missing follow a change made outside urql's document cache (an upload through XHR).
 * Only a query someone is showing is sent again.
 */
export function refreshEditedCreation(client: Client, id: number): void {
  client.reexecuteOperation(client.createRequestOperation('query', createRequest(EditCreationQuery, { id }), { requestPolicy: 'network-only' }));
}

/**
 * Context for the mutations of the files and images steps: the document cache then fetches again
 * every query shown that holds the creation (the step's list and the edit page's missing items),
 * even when the mutation answers only true.
 */
export const CREATION_CHANGED = { additionalTypenames: ['SubmissionProperties'] };
