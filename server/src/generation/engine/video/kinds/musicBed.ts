/**
 * The AI short's music bed, synthesised by ffmpeg (no music model runs offline): a four-chord
 * loop — a soft triangle-like pad swelling on each bar, a plucked bass on the beat and a quiet
 * noise hi-hat on the eighths — faded in and out. The key, progression and tempo come from the
 * seed, so a short always gets the same music. Answers a lavfi source graph (numbers only).
 */
import { prng } from '../../../providers/proceduralImage.ts';
import { nativeSeed } from '../../nativeSeed.ts';
import { n } from '../videoKinds.ts';
import { SAMPLE_RATE } from './soundRecipes.ts';

/** Roots of the keys on offer (A3, B♭3, C4, D4, G3), in Hz. */
const KEYS = [220, 233.08, 261.63, 293.66, 196];
/** Chord roots in semitones above the key, four bars each loop: I–V–vi–IV and friends. */
const PROGRESSIONS = [
  [0, 7, 9, 5],
  [9, 5, 0, 7],
  [0, 9, 5, 7],
  [0, 5, 9, 7],
];
/** Degrees that carry a minor triad in a major key (ii, iii, vi). */
const MINOR = new Set([2, 4, 9]);

export interface MusicPlan {
  bpm: number;
  /** Each bar's triad, in Hz (root, third, fifth). */
  chords: [number, number, number][];
}

/** The key, progression and tempo a seed gets. */
export function musicPlan(seed: number): MusicPlan {
  const random = prng((seed ^ 0x5eed) >>> 0);
  const key = KEYS[Math.floor(random() * KEYS.length)]!;
  const progression = PROGRESSIONS[Math.floor(random() * PROGRESSIONS.length)]!;
  const bpm = 84 + Math.floor(random() * 5) * 5;
  const chords = progression.map((degree): [number, number, number] => {
    const root = key * 2 ** (degree / 12);
    const third = MINOR.has(degree) ? 3 : 4;
    return [root, root * 2 ** (third / 12), root * 2 ** (7 / 12)];
  });
  return { bpm, chords };
}

/** Picks chord `voice` of the bar in register 1, as a nested if. */
const chordTone = (plan: MusicPlan, voice: 0 | 1 | 2) =>
  plan.chords.reduceRight((rest, chord, i) => (i === plan.chords.length - 1 ? n(chord[voice]) : `if(eq(ld(1),${i}),${n(chord[voice])},${rest})`), '');

/**
 * A lavfi graph playing the bed for `seconds` (mono expression, stereo out), at `level` (0–1).
 * Registers: 1 bar index, 2–4 the chord, 5–7 time in the bar, beat and eighth, 8 the pad's swell.
 */
export function musicBedGraph(p: { seconds: number; seed: number; level: number }): string {
  const plan = musicPlan(p.seed);
  const beat = 60 / plan.bpm;
  const bar = beat * 4;
  const tri = (f: string) => `(sin(2*PI*${f}*t)+sin(6*PI*${f}*t)/9)`;
  const expr = [
    `if(eq(n,0),st(0,${nativeSeed(p.seed) + 1}),0)`,
    `st(1,mod(floor(t/${n(bar)}),${plan.chords.length}))`,
    `st(2,${chordTone(plan, 0)})`,
    `st(3,${chordTone(plan, 1)})`,
    `st(4,${chordTone(plan, 2)})`,
    `st(5,mod(t,${n(bar)}))`,
    `st(6,mod(t,${n(beat)}))`,
    `st(7,mod(t,${n(beat / 2)}))`,
    // the pad swells in over a quarter of a second and is silent again at the bar line (no click on the chord change)
    `st(8,min(1,ld(5)*4)*min(1,(${n(bar)}-ld(5))*3))`,
    `0.13*ld(8)*(${tri('ld(2)')}+${tri('ld(3)')}+${tri('ld(4)')})` +
      `+0.3*sin(PI*ld(2)*t)*exp(-ld(6)*5)*min(1,ld(6)*200)*min(1,(${n(beat)}-ld(6))*50)` +
      `+0.04*(random(0)*2-1)*exp(-ld(7)*80)`,
  ].join(';');
  const fadeIn = Math.min(1, p.seconds / 4);
  const fadeOut = Math.min(1.5, p.seconds / 4);
  return (
    `aevalsrc=exprs='${expr}':s=${SAMPLE_RATE}:d=${n(p.seconds)},lowpass=f=6000,` +
    `afade=t=in:d=${n(fadeIn)},afade=t=out:st=${n(p.seconds - fadeOut)}:d=${n(fadeOut)},volume=${n(p.level)},pan=stereo|c0=c0|c1=c0`
  );
}
