/**
 * Who is here, as the header shows it: one avatar per collaborator (someone with two tabs open
 * is one person), never myself, in a stable order, with an overflow count past the visible ones.
 */
import type { CanvasUser, Peer } from '../engine/types.ts';

export interface PresenceAvatar {
  user: CanvasUser;
  /** The awareness client to follow (their lowest client id: stable while they stay). */
  clientId: number;
  initials: string;
}

/** Up to two letters from a name: "Ada Lovelace" → "AL", "ada" → "A", "" → "?". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return letters.map((w) => Array.from(w)[0]!.toUpperCase()).join('');
}

export function presenceAvatars(peers: readonly Peer[], myUserId: string | null, max = 5): { visible: PresenceAvatar[]; overflow: number } {
  const byUser = new Map<string, PresenceAvatar>();
  for (const peer of peers) {
    if (!peer.user?.id || peer.user.id === myUserId) continue;
    const known = byUser.get(peer.user.id);
    if (!known || peer.clientId < known.clientId) byUser.set(peer.user.id, { user: peer.user, clientId: peer.clientId, initials: initialsOf(peer.user.name) });
  }
  const all = [...byUser.values()].sort((a, b) => a.user.name.localeCompare(b.user.name) || a.user.id.localeCompare(b.user.id));
  return { visible: all.slice(0, max), overflow: Math.max(0, all.length - max) };
}

/** Cursor colours: distinct on the dark canvas chrome and on white frames. */
export const PRESENCE_COLORS = ['#e11d48', '#ea580c', '#ca8a04', '#16a34a', '#0891b2', '#2563eb', '#7c3aed', '#c026d3', '#db2777', '#0d9488'] as const;

/** The same colour for the same user in every tab and on every collaborator's screen. */
export function colorForUser(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) | 0;
  return PRESENCE_COLORS[Math.abs(hash) % PRESENCE_COLORS.length]!;
}
