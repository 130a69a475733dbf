"""Benchmarks of lightsout_edu against galois, sympy and python-flint, in one run.

Run ``python -m benchmarks`` (about three minutes; ``--quick`` for a smoke run of seconds).
It prints tables of median times and speed-up ratios and writes ``benchmarks/results.json``,
which the "checking our work" notebook plots.  Peers are optional (the ``bench`` extra);
missing ones are reported and skipped.
"""
