/**
 * Whether this server can run any hosted model at all (a `model.catalog` entry that is not the
 * built-in engine and whose provider is configured). Without one, the home page and the picker
 * say the server runs the built-in engine only and how an operator adds a model. No imports: the
 * home page uses it, and must not pull the model catalogue or the kinds' schemas into its bundle.
 */
export function hasHostedModel(catalog: readonly { provider: string; available: boolean }[]): boolean {
  return catalog.some((m) => m.provider !== 'local' && m.available);
}
