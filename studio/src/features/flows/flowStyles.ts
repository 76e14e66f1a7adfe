/** Shared looks of the flow UI: a card's title, the port type icons and the toolbar/inspector button. */
import type { FlowDocNode } from '@tessera/shared/flows/document';
import type { TFunction } from 'i18next';
import { Film, Image as ImageIcon, Type } from 'lucide-react';

export const PORT_ICONS = { text: Type, image: ImageIcon, video: Film } as const;

export const BAR_BUTTON =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium outline-none hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent disabled:cursor-not-allowed disabled:opacity-50';

/** A card's title: its name, or its kind's name (a step) or its type's (an input). */
export function cardTitle(t: TFunction<['flows', 'common']>, node: FlowDocNode): string {
  return node.name || (node.type === 'step' ? t(`common:kinds.${node.kind}`) : t(`input.${node.port}`));
}
