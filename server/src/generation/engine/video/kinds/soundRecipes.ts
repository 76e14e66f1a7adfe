/**
 * Sound-effect recipes for the local engine's sound-effects kind. No audio model runs offline, so
 * each effect is synthesised by ffmpeg's own audio sources and filters (coloured noise from
 * `anoisesrc`, sample-by-sample expressions in `aevalsrc`, band filters, tremolo, envelopes): an
 * honest classical stand-in. A prompt's words pick 1–3 recipes (in the order it names them); a
 * prompt naming none gets a soft ambient bed. Events (steps, shots, blips…) repeat at periods and
 * phases drawn from the seed, so the same prompt and seed always make the same sound.
 *
 * Graphs only interpolate numbers and the whitelisted names below, never caller text. In
 * `aevalsrc`, variable 0 holds the `random(0)` generator's state (seeded on the first sample) and
 * 1–9 are scratch registers.
 */
import { hashText, prng } from '../../../providers/proceduralImage.ts';
import { nativeSeed } from '../../nativeSeed.ts';
import { n } from '../videoKinds.ts';

export const SAMPLE_RATE = 44100;

/** What a recipe is built from: the clip's length and a generator seeded for this layer. */
export interface RecipeContext {
  seconds: number;
  random: () => number;
  /** A positive 31-bit integer for `anoisesrc` and the `aevalsrc` noise state. */
  seed: number;
}

interface Recipe {
  words: RegExp;
  /** Brings the recipe to a common loudness (about −20 dBFS mean at full volume; the ambient bed softer). */
  gain: number;
  /** A graph fragment producing mono audio of exactly `seconds` at SAMPLE_RATE, labelled `[out]`. */
  build: (c: RecipeContext, out: string) => string;
}

/** `aevalsrc` of a mono expression over the clip, with the noise state seeded on sample 0. */
const evalSrc = (c: RecipeContext, body: string) => `aevalsrc=exprs='if(eq(n,0),st(0,${nativeSeed(c.seed)}),0);${body}':s=${SAMPLE_RATE}:d=${n(c.seconds)}`;
const noiseSrc = (c: RecipeContext, colour: 'white' | 'pink' | 'brown', amplitude: number) =>
  `anoisesrc=c=${colour}:r=${SAMPLE_RATE}:a=${n(amplitude)}:seed=${nativeSeed(c.seed)}:d=${n(c.seconds)}`;
/** A value between `lo` and `hi` from the layer's generator. */
const between = (c: RecipeContext, lo: number, hi: number) => lo + (hi - lo) * c.random();
/** `volume`'s time for `eval=frame` envelopes (NaN while the filter is configured). */
const T = 'if(isnan(t),0,t)';
/** White noise in −1…1 from the seeded generator. */
const NOISE = '(random(0)*2-1)';

/**
 * A repeating event: stores the time since the latest onset (period `period`, phase from the
 * seed) in register 1 and the event's index in register 2, then evaluates `body`.
 */
function periodic(c: RecipeContext, period: number, body: string): string {
  const phase = n(between(c, 0, period));
  return `st(1,mod(t+${phase},${n(period)}));st(2,floor((t+${phase})/${n(period)}));${body}`;
}

/** Onsets of 1–2 big events (explosions, thunder claps) spread over the clip. */
function onsets(c: RecipeContext): number[] {
  const first = c.seconds * between(c, 0.08, 0.3);
  return c.seconds >= 6 ? [first, c.seconds * between(c, 0.55, 0.7)] : [first];
}

/** Sum over `times` of `gte(t,T)*term(t−T)`: `term` is an expression in `u`, replaced by `(t-T)`. */
const atOnsets = (times: number[], term: string) => times.map((at) => `gte(t,${n(at)})*${term.replaceAll('u', `(t-${n(at)})`)}`).join('+');

export const RECIPES = {
  rain: {
    gain: 2.5,
    words: /\b(rain(s|ing|y|fall|drops?)?|drizzle|downpour|showers?)\b/i,
    build: (c, out) => `${noiseSrc(c, 'pink', 0.7)},highpass=f=600,lowpass=f=7000,tremolo=f=${n(between(c, 7, 11))}:d=0.25[${out}]`,
  },
  thunder: {
    gain: 0.45,
    words: /\b(thunder(storm|s|ing)?|lightning|storms?|stormy)\b/i,
    // a white crack on each onset over a long rumble of integrated (brown) noise
    build: (c, out) => {
      const times = onsets(c);
      const rumble = atOnsets(times, 'min(1,u*6)*exp(-u*0.9)');
      const crack = atOnsets(times, 'exp(-u*14)');
      return `${evalSrc(c, `st(3,ld(3)*0.997+${NOISE}*0.06);ld(3)*(${rumble})*2.5+${NOISE}*(${crack})*0.5`)},lowpass=f=3500[${out}]`;
    },
  },
  wind: {
    gain: 1.7,
    words: /\b(wind(y|s)?|breeze|gust(s|y)?|blizzard|howl(s|ing)?)\b/i,
    build: (c, out) =>
      `${noiseSrc(c, 'brown', 0.9)},highpass=f=120,lowpass=f=900,` +
      `volume='0.25+0.75*(0.5+0.5*sin(2*PI*0.11*${T}+${n(between(c, 0, 6))}))*(0.7+0.3*sin(2*PI*0.37*${T}+${n(between(c, 0, 6))}))':eval=frame[${out}]`,
  },
  ocean: {
    gain: 1.5,
    words: /\b(ocean|seas?|waves?|surf|beach|shore|tide)\b/i,
    // swells of filtered noise every 5–7.5 s
    build: (c, out) =>
      `${noiseSrc(c, 'pink', 0.9)},lowpass=f=1400,` +
      `volume='0.12+0.88*pow(0.5-0.5*cos(2*PI*(${T}+${n(between(c, 0, 5))})/${n(between(c, 5, 7.5))}),3)':eval=frame[${out}]`,
  },
  fire: {
    gain: 1.2,
    words: /\b(fire(place)?|flames?|campfire|bonfire|crackl(e|es|ing)|burning)\b/i,
    // a low roar plus crackles: random onsets of decaying noise bursts
    build: (c, out) =>
      `${noiseSrc(c, 'brown', 0.5)},lowpass=f=500[${out}r];` +
      `${evalSrc(c, `st(3,if(lt(random(0),0.0012),0.3+0.7*random(0),ld(3)*0.993));ld(3)*${NOISE}`)},highpass=f=900[${out}c];` +
      `[${out}r][${out}c]amix=inputs=2:normalize=0:weights='0.6 1'[${out}]`,
  },
  footsteps: {
    gain: 1.5,
    words: /\b(foot ?steps?|walk(s|ing)?|running|run|steps|stomp(s|ing)?)\b/i,
    // a thump and a scuff per step, every other step a little softer
    build: (c, out) => {
      const body = '(sin(2*PI*70*ld(1))*exp(-ld(1)*35)+0.6*' + NOISE + '*exp(-ld(1)*70))*(0.75+0.25*mod(ld(2),2))';
      return `${evalSrc(c, periodic(c, between(c, 0.48, 0.62), body))},lowpass=f=3000[${out}]`;
    },
  },
  explosion: {
    gain: 1.2,
    words: /\b(explo(sion|sions|de|des|ding)|boom|blast|bombs?|kaboom|detonat\w*)\b/i,
    // noise bursts with a sharp attack and a long tail, over a sub-bass thump
    build: (c, out) => {
      const times = onsets(c);
      const burst = atOnsets(times, 'min(1,u*300)*exp(-u*1.8)');
      const thump = atOnsets(times, 'sin(2*PI*45*u)*exp(-u*3)');
      return `${evalSrc(c, `${NOISE}*(${burst})+0.8*(${thump})`)},lowpass=f=900,lowpass=f=900[${out}]`;
    },
  },
  laser: {
    gain: 0.75,
    words: /\b(lasers?|zap(s|ping)?|blasters?|phasers?|pew)\b/i,
    // falling chirps: f(u) = 300 + 2200·e^(−10u), its phase integrated in closed form
    build: (c, out) => {
      const body = 'st(3,2*PI*(300*ld(1)+220*(1-exp(-10*ld(1)))));(0.5*sgn(sin(ld(3)))+0.5*sin(ld(3)))*exp(-ld(1)*9)*lt(ld(1),0.35)*min(1,ld(1)*500)';
      return `${evalSrc(c, periodic(c, between(c, 0.7, 1), body))},lowpass=f=6000[${out}]`;
    },
  },
  coin: {
    gain: 1.1,
    words: /\b(coins?|pick ?ups?|pick-ups?|collect(s|ed|ing)?|rewards?|power ?ups?)\b/i,
    // the classic two-note blip (B5 then E6) on a square wave
    build: (c, out) => {
      const body = 'st(3,if(lt(ld(1),0.07),988,1319));0.4*sgn(sin(2*PI*ld(3)*ld(1)))*lt(ld(1),0.45)*if(lt(ld(1),0.07),1,exp(-(ld(1)-0.07)*7))*min(1,ld(1)*1000)';
      return `${evalSrc(c, periodic(c, between(c, 1.2, 1.6), body))},lowpass=f=8000[${out}]`;
    },
  },
  jump: {
    gain: 1.1,
    words: /\b(jump(s|ing)?|hops?|bounc(e|es|ing)|boing)\b/i,
    // a rising square sweep, 250 → 1150 Hz over 0.22 s
    build: (c, out) => {
      const body = '0.35*sgn(sin(2*PI*(250*ld(1)+900*ld(1)*ld(1)/0.44)))*lt(ld(1),0.22)*(1-ld(1)/0.44)*min(1,ld(1)*1000)';
      return `${evalSrc(c, periodic(c, between(c, 1, 1.4), body))},lowpass=f=7000[${out}]`;
    },
  },
  birds: {
    gain: 0.6,
    words: /\b(birds?|chirp(s|ing)?|tweet(s|ing)?|songbirds?)\b/i,
    // two birds: warbling chirps that come and go in phrases
    build: (c, out) => {
      // register r holds the time within that bird's chirp period
      const bird = (r: number, pitch: number) =>
        `gt(sin(2*PI*0.35*t+${n(between(c, 0, 6))})+0.4*sin(2*PI*0.9*t),0.3)*lt(ld(${r}),0.12)*pow(sin(PI*ld(${r})/0.12),2)*` +
        `sin(2*PI*${pitch}*ld(${r})-${n(1200 / (2 * Math.PI * 8))}*cos(2*PI*8*ld(${r})))`;
      const periods = `st(4,mod(t,${n(between(c, 0.17, 0.2))}));st(5,mod(t,${n(between(c, 0.22, 0.26))}));`;
      return `${evalSrc(c, `${periods}${bird(4, 2800)}+0.5*${bird(5, 4100)}`)}[${out}]`;
    },
  },
  engine: {
    gain: 0.4,
    words: /\b(engines?|cars?|motor(cycle|bike)?s?|trucks?|rev(s|ving)?|traffic)\b/i,
    // a ~38 Hz harmonic drone whose pitch drifts slowly, firing pulses (tremolo) and some rumble
    build: (c, out) => {
      const phase = `st(3,2*PI*38*t-40*cos(0.94*t));`;
      const body = `${phase}0.5*sin(ld(3))+0.35*sin(2*ld(3))+0.25*sin(3*ld(3))+0.15*sin(4*ld(3))+0.2*${NOISE}`;
      return `${evalSrc(c, body)},tremolo=f=${n(between(c, 12, 18))}:d=0.35,lowpass=f=1000[${out}]`;
    },
  },
  applause: {
    gain: 1.6,
    words: /\b(applause|applaud(s|ing)?|clap(s|ping)?|cheer(s|ing)?|crowds?)\b/i,
    // a dense crowd of claps: frequent random onsets of short noise bursts
    build: (c, out) => `${evalSrc(c, `st(3,if(lt(random(0),0.006),0.4+0.6*random(0),ld(3)*0.992));ld(3)*${NOISE}`)},highpass=f=700,lowpass=f=4500[${out}]`,
  },
  whoosh: {
    gain: 1.7,
    words: /\b(whoosh(es)?|swoosh(es)?|swish(es)?|woosh|swipes?|fly(ing)? by|transitions?)\b/i,
    build: (c, out) => `${evalSrc(c, periodic(c, between(c, 1.6, 2.2), `${NOISE}*lt(ld(1),0.9)*pow(sin(PI*ld(1)/0.9),2)`))},highpass=f=250,lowpass=f=2500[${out}]`,
  },
  beep: {
    gain: 1,
    words: /\b(beeps?|beeping|alarms?|bleeps?|sensors?|monitors?)\b/i,
    build: (c, out) => {
      const pitch = [880, 1000, 1200][Math.floor(c.random() * 3)]!;
      return `${evalSrc(c, periodic(c, 1, `0.5*sin(2*PI*${pitch}*ld(1))*lt(ld(1),0.15)*min(1,ld(1)*200)*min(1,(0.15-ld(1))*200)`))}[${out}]`;
    },
  },
  tick: {
    gain: 1.3,
    words: /\b(tick(s|ing)?|clocks?|tock)\b/i,
    // a click and a short 3 kHz ring each second, tock a little lower than tick
    build: (c, out) =>
      `${evalSrc(c, periodic(c, 1, `(${NOISE}*exp(-ld(1)*400)+sin(2*PI*(3000-400*mod(ld(2),2))*ld(1))*exp(-ld(1)*60))*0.6`))},highpass=f=800[${out}]`,
  },
  bell: {
    gain: 1.3,
    words: /\b(bells?|chimes?|dings?|notifications?)\b/i,
    // inharmonic partials (1, 2.76, 5.4 × the strike) ringing out every 2.5–3.5 s
    build: (c, out) => {
      const f = between(c, 520, 880);
      const partials = [1, 2.76, 5.4].map((k, i) => `${n(0.5 / (i + 1))}*sin(2*PI*${n(f * k)}*ld(1))*exp(-ld(1)*${n(1.5 + i * 2)})`).join('+');
      return `${evalSrc(c, periodic(c, between(c, 2.5, 3.5), `(${partials})*min(1,ld(1)*800)`))}[${out}]`;
    },
  },
  /** The bed for a prompt that names no effect: soft low noise under a slow two-note drone. */
  ambient: {
    gain: 0.32,
    words: /$^/,
    build: (c, out) =>
      `${noiseSrc(c, 'pink', 0.25)},lowpass=f=500[${out}n];` +
      `${evalSrc(c, `0.3*sin(2*PI*110*t)*(0.7+0.3*sin(2*PI*0.1*t))+0.22*sin(2*PI*164.81*t+1)*(0.7+0.3*sin(2*PI*0.07*t+2))`)}[${out}d];` +
      `[${out}n][${out}d]amix=inputs=2:normalize=0[${out}]`,
  },
} satisfies Record<string, Recipe>;

export type RecipeName = keyof typeof RECIPES;
export const RECIPE_NAMES = Object.keys(RECIPES) as RecipeName[];

/** Layers one prompt may ask for. */
export const MAX_LAYERS = 3;

/** The recipes `prompt` names, in the order it names them (at most MAX_LAYERS); ambient when none. */
export function recipesFor(prompt: string): RecipeName[] {
  const found: { name: RecipeName; at: number }[] = [];
  for (const name of RECIPE_NAMES) {
    const at = prompt.search(RECIPES[name].words);
    if (at >= 0) found.push({ name, at });
  }
  found.sort((a, b) => a.at - b.at);
  return found.length === 0 ? ['ambient'] : found.slice(0, MAX_LAYERS).map((f) => f.name);
}

/** Levels of the first, second and third layer: the first named effect leads. */
const LAYER_WEIGHTS = [1, 0.75, 0.6];
/** Fades at the ends of the effect track, in seconds (shortened on very short clips). */
const FADE_IN_S = 0.25;
const FADE_OUT_S = 0.5;

export interface EffectsMix {
  recipes: RecipeName[];
  seconds: number;
  seed: number;
  /** Level of the effects, 0–1. */
  volume: number;
  /** Mix over input 0's audio (true) or replace it (false: the source is silent or its sound dropped). */
  overOriginal: boolean;
}

/**
 * The `-filter_complex` graph of a sound-effects render: each recipe's layer, mixed and shaped
 * (level, fades), then laid over input 0's audio or alone, ending in `[aout]`: stereo, exactly
 * `seconds` long, limited below full scale.
 */
export function effectsGraph(mix: EffectsMix): string {
  const seconds = n(mix.seconds);
  const layers = mix.recipes.map((name, i) => {
    const random = prng((mix.seed * 31 + hashText(name) + i) >>> 0);
    const seed = 1 + Math.floor(random() * 0x7ffffffe);
    return RECIPES[name].build({ seconds: mix.seconds, random, seed }, `fx${i}`);
  });
  const labels = mix.recipes.map((_, i) => `[fx${i}]`).join('');
  const weights = mix.recipes.map((name, i) => n((LAYER_WEIGHTS[i] ?? 0.5) * RECIPES[name].gain)).join(' ');
  const fadeIn = Math.min(FADE_IN_S, mix.seconds / 4);
  const fadeOut = Math.min(FADE_OUT_S, mix.seconds / 4);
  const shape =
    `${labels}amix=inputs=${mix.recipes.length}:normalize=0:duration=first:weights='${weights}',` +
    `volume=${n(mix.volume)},afade=t=in:d=${n(fadeIn)},afade=t=out:st=${n(mix.seconds - fadeOut)}:d=${n(fadeOut)},` +
    `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo`;
  const limit = `alimiter=limit=0.95:level=0,atrim=end=${seconds},asetpts=N/SR/TB[aout]`;
  if (!mix.overOriginal) return `${layers.join(';')};${shape},${limit}`;
  // the source's sound in stereo at its own level (a mono source is spread at −3 dB a side, ffmpeg's equal-power upmix)
  return (
    `${layers.join(';')};${shape}[fx];` +
    `[0:a]aresample=${SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=end=${seconds}[orig];` +
    `[orig][fx]amix=inputs=2:normalize=0:duration=first,${limit}`
  );
}
