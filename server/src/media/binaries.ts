/**
 * The ffmpeg and ffprobe executables the server runs: `FFMPEG_PATH` / `FFPROBE_PATH`, else the ones
 * on PATH. Read from the environment (not the parsed config) because engine threads spawn them too.
 *
 * Why not an npm-shipped binary: every ffmpeg build on npm is GPL (`@ffmpeg-installer/*` GPLv3 and
 * ffmpeg 4.1, too old for `xfade`; `ffmpeg-static` GPL-3.0 and downloads from GitHub at install,
 * which fails offline). Tessera ships no GPL code; it runs the operator's ffmpeg as a separate
 * program (Debian's `ffmpeg` package here; `npm test` installs it when missing).
 */
export const ffmpegPath = (): string => process.env.FFMPEG_PATH || 'ffmpeg';
export const ffprobePath = (): string => process.env.FFPROBE_PATH || 'ffprobe';
