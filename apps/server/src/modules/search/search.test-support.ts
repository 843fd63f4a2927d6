import { searchResultsSchema, type SearchResults } from '@glossa/contract';
import type { TestApp } from '../../../test/app';
import type { TestUser } from '../../../test/factories';
import { caller, cardBody } from '../categories/sharing.test-support';

/** Search and card calls as one learner, answers parsed by the contract. */
export function searchCalls(t: TestApp) {
  const { call, must } = caller(t);
  const search = async (user: TestUser, q: string, extra = ''): Promise<SearchResults> =>
    searchResultsSchema.parse(
      await must('GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, user),
    );
  const cardIds = async (user: TestUser, q: string, extra = '') =>
    (await search(user, q, extra)).cards.items.map((card) => card.id);
  const categoryIds = async (user: TestUser, q: string, extra = '') =>
    (await search(user, q, extra)).categories.items.map((category) => category.id);
  const addCard = async (user: TestUser, body: Record<string, unknown>) =>
    String((await must('POST', '/api/cards', user, cardBody(body)))['id']);
  const addCategory = async (user: TestUser, body: Record<string, unknown>) =>
    String((await must('POST', '/api/categories', user, body))['id']);
  return { search, cardIds, categoryIds, addCard, addCategory, call, must };
}
