// A short tone for the moments nobody should miss (the friend shows, 扣底, one's turn), when
// the player turned sound on; the choice is remembered in this browser.
const KEY = "zpy.sound";

export function soundOn(): boolean {
  return localStorage.getItem(KEY) === "on";
}

export function setSound(on: boolean): void {
  localStorage.setItem(KEY, on ? "on" : "off");
}

let context: AudioContext | null = null;

/** Two quick notes, quiet; nothing when sound is off or the browser has no audio. */
export function chime(): void {
  if (!soundOn() || typeof AudioContext === "undefined") return;
  context ??= new AudioContext();
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 660],
    [0.12, 880],
  ]) {
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.08, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
    tone.connect(gain).connect(context.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.25);
  }
}
