import { requestLimits, type ErrorPayload, type Issue } from '@glossa/contract';

/**
 * The issues of an error answer: the first `requestLimits.errorListMax`, and the count of all when
 * there are more, so that no input (an import of 50,000 bad rows, a body of 100,000 bad elements)
 * makes a large answer.
 */
export function issueList(issues: Issue[]): Pick<ErrorPayload, 'issues' | 'issueCount'> {
  if (issues.length <= requestLimits.errorListMax) return { issues };
  return { issues: issues.slice(0, requestLimits.errorListMax), issueCount: issues.length };
}
