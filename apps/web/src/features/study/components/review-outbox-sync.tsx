import { useSession } from '../../../lib/auth';
import { useReviewOutboxSync } from '../api/use-review-outbox';

/** Mounted by the signed-in app layout: answers given offline reach the server from any page. */
export function ReviewOutboxSync() {
  const userId = useSession()?.decodedAccessToken.payload.userId ?? null;
  useReviewOutboxSync(userId);
  return null;
}
