/**
 * The length of a chosen video file in seconds, read by the browser from its metadata, or null when
 * the browser cannot read it (an unsupported codec, or no media support at all, as in tests).
 */
export function readVideoDuration(file: File, timeoutMs = 8000): Promise<number | null> {
  return new Promise((resolve) => {
    if (typeof URL.createObjectURL !== 'function') {
      resolve(null);
      return;
    }
    const video = document.createElement('video');
    // Only what this browser says it may play: it reads nothing from the rest (and jsdom plays nothing).
    if (!video.canPlayType(file.type || 'video/mp4')) {
      resolve(null);
      return;
    }
    const url = URL.createObjectURL(file);
    let done = false;
    const finish = (value: number | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => finish(Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null);
    video.onerror = () => finish(null);
    video.src = url;
  });
}
