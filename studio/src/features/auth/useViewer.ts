/** Who is looking at the page: loading, anonymous, or signed in (§4: signed in = has e-mail). */
import { authClient } from '../../lib/authClient.ts';

export type Viewer =
  | { status: 'loading' }
  | { status: 'unauthenticated' }
  | { status: 'anonymous'; userId: string }
  | { status: 'signedIn'; userId: string; email: string; name: string };

export function useViewer(): Viewer {
  const { data, isPending } = authClient.useSession();
  if (isPending) return { status: 'loading' };
  if (!data) return { status: 'unauthenticated' };
  if (data.user.isAnonymous) return { status: 'anonymous', userId: data.user.id };
  return { status: 'signedIn', userId: data.user.id, email: data.user.email, name: data.user.name };
}
