/** The built-in local engine: real media made on the CPU, no downloads, no keys. */
import { imageSizeFor, zTextToImageInput } from '@tessera/shared/generation';
import type { GenerationProvider, ProducedOutput, ProviderTask, RunContext } from './provider.ts';
import { renderProceduralImage } from './proceduralImage.ts';

export class LocalEngineProvider implements GenerationProvider {
  readonly name = 'local';

  supports(kind: string): boolean {
    return kind === 'text_to_image';
  }

  async run(task: ProviderTask, ctx: RunContext): Promise<ProducedOutput[]> {
    if (task.kind !== 'text_to_image') throw new Error(`local engine cannot make ${task.kind}`);
    const input = zTextToImageInput.parse(task.input);
    const { width, height } = imageSizeFor(input.aspectRatio);
    ctx.reportProgress(10, 'reading prompt');
    ctx.signal.throwIfAborted();
    ctx.reportProgress(40, 'rendering');
    const data = await renderProceduralImage({ prompt: input.prompt, seed: input.seed ?? 0, width, height });
    ctx.signal.throwIfAborted();
    ctx.reportProgress(90, 'encoding');
    return [{ data, contentType: 'image/png', mediaType: 'image', width, height }];
  }
}
