/**
 * Opens the announcement popup once per page session when the server has an announcement this
 * browser has not closed yet, and only when no other popup is open (it waits its turn).
 */
import { useEffect, useRef } from 'react';
import { usePopupStore } from '../popups/popupStore.ts';
import { isAnnouncementDismissed } from './announcementMemory.ts';
import { useAnnouncement } from './useAnnouncement.ts';

export function AnnouncementGate() {
  const { data } = useAnnouncement();
  const idle = usePopupStore((s) => s.current === null);
  const shown = useRef(false);
  useEffect(() => {
    if (!data || !idle || shown.current) return;
    shown.current = true;
    if (!isAnnouncementDismissed(data.id)) usePopupStore.getState().open('announcement', { announcement: data });
  }, [data, idle]);
  return null;
}
