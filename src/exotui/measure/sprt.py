"""The sequential probability ratio test of chess engine testing, on pairs of games: pure statistics, no games.

Two players play each deal twice, the seats swapped, and the pair is scored as one sample: the first player's
points over the two games, 0, 1/2, 1, 3/2 or 2 (the pentanomial model of fishtest, OpenBench and fastchess). A
pair cancels most of what the deal itself gives a seat, so its score varies less than two separate games do, and
the test needs fewer games to see the same difference.

The test weighs H0 "the first player is ELO0 stronger" against H1 "ELO1 stronger" (logistic Elo: a score of
1 / (1 + 10 ** (-elo / 400))). `llr` is the generalized log-likelihood ratio of fishtest's `LLR_logistic`: under
each hypothesis, the pentanomial distribution nearest the observed one (maximum likelihood) whose mean score is
that hypothesis's (Van den Bergh, "support_MLE_multinomial"). The test stops when the ratio leaves the Wald
bounds of `bounds(alpha, beta)`: above, H1 is accepted; below, H0 is; not before MIN_PAIRS pairs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import Enum

import msgspec

# The normal quantile of a two-sided 95% interval.
_Z95 = 1.959963984540054
# The weight a pair outcome never seen gets, as fishtest's `regularize`, so that every outcome stays possible.
_UNSEEN = 1e-3
# The largest Elo difference reported: a score of 99.7%, beyond which a few games tell nothing more.
ELO_CLAMP = 1000.0
# The five pair scores, as a share of the pair's two points.
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
# No verdict before this many pairs: on a few pairs all alike (five deals each won from the same seat, common at
# Raging Rodents) the observed spread is nearly nil and the ratio runs to a bound on almost no evidence (an SPRT
# [100, 250] accepted H0 after 5 such pairs). The rule changes when a test may stop, never its ratio.
MIN_PAIRS = 10
# How the five pair outcomes are named, from the first player's side (W won, D drawn, L lost).
PAIR_NAMES = ("LL", "LD", "WL/DD", "WD", "WW")


class Verdict(Enum):
    H0 = "H0"
    H1 = "H1"
    # The game cap came first.
    NONE = "none"


def score_of(elo: float) -> float:
    """The expected score of a player `elo` logistic Elo stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score: float) -> float:
    """The logistic Elo difference of an expected score; infinite at 0 and 1."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds on the log-likelihood ratio: below the first H0 is accepted, above the second H1."""
    if not (0 < alpha < 1 and 0 < beta < 1 and alpha + beta < 1):
        raise ValueError(f"alpha and beta must lie between 0 and 1, with alpha + beta < 1, not {alpha:g}, {beta:g}")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def pair_index(first: float, second: float) -> int:
    """The pentanomial cell of a pair from the first player's score in each game (1 a win, 1/2 a draw, 0 a loss)."""
    return round(2 * (first + second))


def _distribution(counts: Sequence[int]) -> tuple[float, list[float]]:
    """The number of pairs and the observed share of each outcome, unseen outcomes given a small weight (counted
    in the number, as fishtest does)."""
    if len(counts) != 5 or any(count < 0 for count in counts):
        raise ValueError(f"a pentanomial is five counts of at least 0, not {list(counts)}")
    weights = [count or _UNSEEN for count in counts]
    total = sum(weights)
    return total, [weight / total for weight in weights]


def _mean_variance(shares: Sequence[float]) -> tuple[float, float]:
    mean = sum(p * a for p, a in zip(shares, PAIR_SCORES, strict=True))
    return mean, sum(p * (a - mean) ** 2 for p, a in zip(shares, PAIR_SCORES, strict=True))


def nearest_with_mean(shares: Sequence[float], mean: float) -> list[float]:
    """The distribution on the pair scores of mean score `mean` that makes the observed `shares` most likely.

    By Lagrange multipliers it is shares[i] / (1 + x (a_i - mean)), where x solves the secular equation
    sum shares[i] (a_i - mean) / (1 + x (a_i - mean)) = 0; its left side falls as x grows, so bisection finds x.
    """
    if not 0 < mean < 1:
        raise ValueError(f"a mean score must lie strictly between 0 and 1, not {mean:g}")
    gaps = [a - mean for a in PAIR_SCORES]
    # Every probability stays positive between these (the largest gap is positive, the smallest negative).
    low, high = -1 / max(gaps), -1 / min(gaps)
    for _ in range(200):
        x = (low + high) / 2
        if sum(p * g / (1 + x * g) for p, g in zip(shares, gaps, strict=True)) > 0:
            low = x
        else:
            high = x
    x = (low + high) / 2
    return [p / (1 + x * g) for p, g in zip(shares, gaps, strict=True)]


def llr(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The generalized log-likelihood ratio of H1 (ELO1) against H0 (ELO0) after `counts` pairs, by outcome."""
    pairs, shares = _distribution(counts)
    under0 = nearest_with_mean(shares, score_of(elo0))
    under1 = nearest_with_mean(shares, score_of(elo1))
    return pairs * sum(p * math.log(q1 / q0) for p, q0, q1 in zip(shares, under0, under1, strict=True))


def llr_normal(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The approximation of `llr` by a Brownian motion (fishtest's LLR_alt2): close to it for small Elo."""
    pairs, shares = _distribution(counts)
    s0, s1 = score_of(elo0), score_of(elo1)
    mean, variance = _mean_variance(shares)
    return pairs * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def elo_interval(counts: Sequence[int]) -> tuple[float, float, float]:
    """The first player's Elo over the second and its 95% interval, from the mean pair score and its spread.

    Unseen outcomes keep their small weight, as in fishtest, and every figure is held within +-ELO_CLAMP (as
    fishtest's is), so that a clean sweep or a short test still gives numbers (JSON has no infinity).
    """
    if sum(counts) == 0:
        return 0.0, -ELO_CLAMP, ELO_CLAMP
    pairs, shares = _distribution(counts)
    mean, variance = _mean_variance(shares)
    half = _Z95 * math.sqrt(variance / pairs)
    return _clamped(elo_of(mean)), _clamped(elo_of(mean - half)), _clamped(elo_of(mean + half))


def _clamped(elo: float) -> float:
    return max(-ELO_CLAMP, min(ELO_CLAMP, elo))


class SprtStatus(msgspec.Struct, frozen=True):
    """Where a test stands after some pairs."""

    elo0: float
    elo1: float
    alpha: float
    beta: float
    # Pairs by outcome, from the first player's side: LL, LD, WL or DD, WD, WW.
    pentanomial: tuple[int, int, int, int, int]
    llr: float
    lower: float
    upper: float
    elo: float
    elo_low: float
    elo_high: float
    verdict: Verdict

    @property
    def pairs(self) -> int:
        return sum(self.pentanomial)


def status(counts: Sequence[int], elo0: float, elo1: float, alpha: float, beta: float) -> SprtStatus:
    """The test after `counts` pairs: its ratio, bounds, Elo and interval, and its verdict if it has one (from
    MIN_PAIRS pairs on)."""
    if not elo0 < elo1:
        raise ValueError(f"ELO0 must be below ELO1, not {elo0:g},{elo1:g}")
    lower, upper = bounds(alpha, beta)
    ratio = llr(counts, elo0, elo1) if sum(counts) else 0.0
    verdict = Verdict.NONE
    if sum(counts) >= MIN_PAIRS:
        verdict = Verdict.H1 if ratio >= upper else Verdict.H0 if ratio <= lower else Verdict.NONE
    elo, low, high = elo_interval(counts)
    pentanomial = (counts[0], counts[1], counts[2], counts[3], counts[4])
    return SprtStatus(elo0, elo1, alpha, beta, pentanomial, ratio, lower, upper, elo, low, high, verdict)


def parse_bounds(text: str) -> tuple[float, float]:
    """ELO0,ELO1 as typed after --sprt ("0,30"), or ValueError with a one-line message."""
    parts = text.split(",")
    try:
        elo0, elo1 = (float(part) for part in parts)
    except ValueError:
        raise ValueError(f"--sprt wants ELO0,ELO1, two numbers such as 0,30, not {text!r}") from None
    if not (math.isfinite(elo0) and math.isfinite(elo1)) or not elo0 < elo1:
        raise ValueError(f"--sprt wants ELO0 below ELO1, both finite, not {text!r}")
    return elo0, elo1


def parse_pairs(text: str) -> tuple[int, ...]:
    """Pairs by outcome as typed after --after ("40,0,100,0,60": LL, LD, WL/DD, WD, WW), or ValueError with a
    one-line message; `measure.run_sprt` checks that they are five and none below 0."""
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise ValueError(f"the earlier pairs are whole numbers (LL,LD,WL,WD,WW), not {text!r}") from None
