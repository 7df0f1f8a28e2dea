/**
 * The intro splash's sound (docs/product.md §3.2 'particle burst and sound'), synthesised with the Web Audio
 * API: a short filtered-noise whoosh under a rising three-note chime. No audio file.
 *
 * Browsers block audio until the visitor has interacted with the page; then this plays nothing
 * (no AudioContext is even created, so no autoplay warning is logged) and it never throws.
 */
export function playSplashSound(): void {
  try {
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    const AudioContextClass =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const now = context.currentTime;
    const master = context.createGain();
    master.gain.value = 0.18;
    master.connect(context.destination);

    // Whoosh: one second of white noise through a sweeping band-pass filter.
    const noise = context.createBuffer(1, context.sampleRate, context.sampleRate);
    const samples = noise.getChannelData(0);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.random() * 2 - 1;
    const source = context.createBufferSource();
    source.buffer = noise;
    const filter = context.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.setValueAtTime(400, now);
    filter.frequency.exponentialRampToValueAtTime(4000, now + 0.6);
    const whoosh = context.createGain();
    whoosh.gain.setValueAtTime(0.0001, now);
    whoosh.gain.exponentialRampToValueAtTime(0.5, now + 0.08);
    whoosh.gain.exponentialRampToValueAtTime(0.0001, now + 0.9);
    source.connect(filter).connect(whoosh).connect(master);
    source.start(now);
    source.stop(now + 1);

    // Chime: C6, E6, G6 with soft attack and long decay.
    [1046.5, 1318.5, 1568].forEach((frequency, index) => {
      const start = now + 0.05 + index * 0.09;
      const oscillator = context.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const gain = context.createGain();
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.35, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 1.2);
      oscillator.connect(gain).connect(master);
      oscillator.start(start);
      oscillator.stop(start + 1.25);
    });
    setTimeout(() => void context.close().catch(() => undefined), 1600);
  } catch {
    // Audio is decoration: a blocked or missing audio stack must never break the page.
  }
}
