/**
 * The timeline inside the project's Yjs document: `doc.getMap('timeline')` maps an item id to a
 * `Y.Map` of that item's fields (a track, a clip or a text overlay, told apart by `type`), like
 * the canvas's node map — so two people trimming different clips both keep their edit, and no
 * client ever has to create a shared container first (which would race).
 *
 * Editing = read the timeline, run a pure operation from `timeline.ts`, then `applyTimeline`
 * writes only what changed, in one transaction (one undo step).
 */
import * as Y from 'yjs';
import { emptyTimeline, type Timeline, type TimelineItem, zTimelineItem } from './timeline.ts';

/** Name of the top-level map holding the timeline's items. */
export const TIMELINE_MAP = 'timeline';

export type TimelineMap = Y.Map<Y.Map<unknown>>;

export function timelineOf(doc: Y.Doc): TimelineMap {
  return doc.getMap<Y.Map<unknown>>(TIMELINE_MAP);
}

/** The document's timeline; items that do not parse (a newer client's fields gone wrong) are skipped. */
export function readTimeline(doc: Y.Doc): Timeline {
  const out: Timeline = { tracks: [], clips: [], overlays: [] };
  timelineOf(doc).forEach((map) => {
    const parsed = zTimelineItem.safeParse(map.toJSON());
    if (!parsed.success) return;
    const item = parsed.data;
    if (item.type === 'track') out.tracks.push(item);
    else if (item.type === 'clip') out.clips.push(item);
    else out.overlays.push(item);
  });
  return out;
}

const itemsOf = (t: Timeline): TimelineItem[] => [...t.tracks, ...t.clips, ...t.overlays];

/**
 * Makes the document's timeline equal to `next`, touching only the fields that differ (removed
 * items are deleted), in one transaction. `origin` is passed to the transaction (undo managers
 * track by origin).
 */
export function applyTimeline(doc: Y.Doc, next: Timeline, origin?: unknown): void {
  const map = timelineOf(doc);
  const wanted = new Map(itemsOf(next).map((item) => [item.id, item]));
  doc.transact(() => {
    for (const id of [...map.keys()]) if (!wanted.has(id)) map.delete(id);
    for (const [id, item] of wanted) {
      let fields = map.get(id);
      if (!fields) {
        fields = new Y.Map<unknown>();
        map.set(id, fields);
      }
      const entries = Object.entries(item).filter(([, value]) => value !== undefined);
      const keep = new Set(entries.map(([key]) => key));
      for (const key of [...fields.keys()]) if (!keep.has(key)) fields.delete(key);
      for (const [key, value] of entries) {
        if (JSON.stringify(fields.get(key)) !== JSON.stringify(value)) fields.set(key, value);
      }
    }
  }, origin);
}

/** Gives a document without tracks the default ones (video, overlay, audio); a no-op otherwise. */
export function ensureTracks(doc: Y.Doc): void {
  const current = readTimeline(doc);
  if (current.tracks.length) return;
  applyTimeline(doc, { ...current, tracks: emptyTimeline().tracks });
}
