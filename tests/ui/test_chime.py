"""The chime on her card (``companion.ui.chime``): a real WAV, two notes, short, without clicks, as a data URL."""

from __future__ import annotations

import base64
import io
import itertools
import wave

from companion.ui import chime


def read() -> tuple[tuple[int, int, int], list[int]]:
    """(channels, bytes a sample, samples a second) and the samples."""
    with wave.open(io.BytesIO(chime.wav_bytes())) as sound:
        frames = sound.readframes(sound.getnframes())
        form = (sound.getnchannels(), sound.getsampwidth(), sound.getframerate())
    return form, [int.from_bytes(frames[i:i + 2], "little", signed=True) for i in range(0, len(frames), 2)]


def pitch(part: list[int]) -> float:
    """Hz, from the zero crossings (a pure tone crosses twice a period)."""
    crossings = sum(1 for a, b in itertools.pairwise(part) if (a < 0) != (b < 0))
    return crossings / 2 / (len(part) / chime.RATE)


def test_it_is_a_fifth_of_a_second_of_16_bit_mono() -> None:
    form, samples = read()
    assert form == (1, 2, 16_000)
    assert len(samples) == 3200  # 0.09 s + 0.11 s at 16 kHz
    assert len(chime.wav_bytes()) < 8_000  # sent to each tab once


def test_two_notes_rise_a_fifth() -> None:
    _, samples = read()
    first, second = samples[:1440], samples[1440:]
    assert abs(pitch(first) - 660) < 20
    assert abs(pitch(second) - 990) < 20


def test_it_is_a_cue_not_an_alarm_and_it_does_not_click() -> None:
    _, samples = read()
    loudest = max(abs(s) for s in samples)
    assert 0.3 * 32767 < loudest <= 0.5 * 32767
    for edge in (0, 1439, 1440, 3199):  # each note starts and ends at silence
        assert abs(samples[edge]) < 200


def test_the_browser_gets_it_as_a_data_url() -> None:
    url = chime.data_url()
    assert url.startswith("data:audio/wav;name=chime.wav;base64,")  # with a dot, so Flet passes it on as a URL
    assert base64.b64decode(url.split(",", 1)[1]) == chime.wav_bytes()
