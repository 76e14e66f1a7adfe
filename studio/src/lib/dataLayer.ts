/** Pushes one event to the tag-manager data layer (§7); kept as a plain array when no tag manager runs. */
export function pushDataLayer(event: { event: string } & Record<string, unknown>, target: Window = window): void {
  target.dataLayer ??= [];
  target.dataLayer.push(event);
}
