/// The player's live mix: the voice stem and the bed stem through Web Audio, the bed under the
/// variant's own ducking track, and the listener's voice/music balance on top.
enum PlayerMixScript {
  static let source = #"""
    let context = null, voiceGain = null, musicGain = null, duckGain = null;
    const gainOf = (db) => Math.pow(10, db / 20);

    function ensureGraph() {
      if (context) return;
      context = new AudioContext();
      voiceGain = context.createGain();
      musicGain = context.createGain();
      duckGain = context.createGain();
      context.createMediaElementSource(voice).connect(voiceGain).connect(context.destination);
      context.createMediaElementSource(bed).connect(duckGain).connect(musicGain).connect(context.destination);
      applyBalance();
    }

    // Slider 0–100: 50 is the premix (both stems at 0 dB); towards 0 the music goes down by up
    // to 20 dB, towards 100 the voice does.
    function balanceDB(value) {
      const d = (value - 50) * 0.4;
      return { voice: Math.min(0, -d), music: Math.min(0, d) };
    }

    function applyBalance() {
      const db = balanceDB(state.balance);
      $("balance").setAttribute("aria-valuetext", db.voice < 0 ? "Voice " + -db.voice + " decibels quieter"
        : db.music < 0 ? "Music " + -db.music + " decibels quieter" : "Voice and music as mixed");
      if (!context) return;
      voiceGain.gain.value = gainOf(db.voice);
      musicGain.gain.value = gainOf(db.music);
    }

    // The bed's ducking gain (linear in dB between breakpoints) at the playing position.
    function duck() {
      if (!context || !state.live || !current.v.stems) return;
      const track = current.v.stems.bedGain, points = track.points;
      const frame = bed.currentTime * track.sampleRate;
      let db = points.length ? points[0].gainDB : 0;
      for (let i = 0; i < points.length && frame >= points[i].frame; i++) {
        const a = points[i], b = points[i + 1];
        db = b && b.frame > a.frame ? a.gainDB + ((Math.min(frame, b.frame) - a.frame) / (b.frame - a.frame)) * (b.gainDB - a.gainDB) : a.gainDB;
      }
      duckGain.gain.setTargetAtTime(gainOf(db), context.currentTime, 0.01);
    }

    // Keeps the voice stem at its place in the bed variant's timeline (it starts at voice.startFrame).
    function syncVoice(force) {
      if (!state.live || !current.v.stems) return;
      const want = bed.currentTime - current.v.stems.voice.startFrame / current.v.sampleRate;
      if (want < 0 || (voice.duration && want >= voice.duration)) {
        if (!voice.paused) voice.pause();
        return;
      }
      if (force || Math.abs(voice.currentTime - want) > 0.04) voice.currentTime = want;
      if (playing && voice.paused) voice.play().catch(() => {});
      if (!playing && !voice.paused) voice.pause();
    }

    """#
}
