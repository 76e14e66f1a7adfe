/**
 * The user-info cookie (§3: id, name, email, firstName, lastName, image; 90 days). The auth
 * flows write it; here we only read it for the `/` → `/home` redirect of §2.
 */
import { z } from 'zod';

export const USER_INFO_COOKIE = 'user-info';

const zUserInfo = z.object({ id: z.string(), email: z.email() }).passthrough();

export function readUserInfoCookie(cookieString: string = document.cookie): z.infer<typeof zUserInfo> | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== USER_INFO_COOKIE) continue;
    try {
      const parsed = zUserInfo.safeParse(JSON.parse(decodeURIComponent(rest.join('='))));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
  return null;
}

export function hasSignedInUserInfoCookie(cookieString?: string): boolean {
  return readUserInfoCookie(cookieString) !== null;
}
