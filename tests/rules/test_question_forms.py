"""The question's form read beyond its words (the nineteenth round, #34): a negation, the direction of a payment, a
thing counted as another, the moment after an action. Each test's questions are this round's own."""

from __future__ import annotations

from companion.rules.search import SearchIndex
from companion.rules.text import CANNOT, tokens


def first(index: SearchIndex, query: str, lang: str = "en") -> str:
    return index.search(query, lang=lang, limit=3)[0].id


def test_a_negated_can_is_one_word_that_decides_between_siblings(real_index: SearchIndex) -> None:
    # "can't" and "no puedo" were stop words: the Offering paid each worker phase came first, the rule of one that
    # cannot pay it second
    assert tokens("I can't pay, cant pay, cannot pay, unable to pay") == [
        "i", CANNOT, "pay", CANNOT, "pay", CANNOT, "pay", CANNOT, "to", "pay"]
    assert tokens("si no puedes pagar") == ["si", CANNOT, "pagar"]
    asked = "the worker phase starts and i cannot pay my predator's offering"
    assert first(real_index, asked) == "pp-cant-pay-offering"
    asked = "my predator wants its offering at the start of the worker phase and i can't afford it"
    assert first(real_index, asked) == "pp-cant-pay-offering"
    asked = "mi depredador pide su ofrenda en la fase de obreras y no puedo pagarla"
    assert first(real_index, asked, "es") == "pp-cant-pay-offering"
