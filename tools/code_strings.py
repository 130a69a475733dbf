"""The words a code cell says: its string literals that carry prose, found, masked, replaced.

A Chinese notebook runs the English notebook's code with only these literals translated
(``tools.translations`` keeps them in the notebook's catalogue, context ``code``), so its
printed lines, titles and labels read Chinese while the code itself stays the same.

A literal carries prose when it has a word of two letters or more outside its ``{...}``
placeholders and sits where words for a reader go: an argument of ``print`` or of a title or
label call (``set_title``, ``suptitle``, ...), a ``title=``/``label=``-like keyword, or a value
(assigned, returned, listed, iterated over) that may be shown later. Not prose: docstrings,
dictionary keys (unless one key of the dictionary is words with spaces between: a table of
named cases), subscripts, comparisons, other keywords (``color=``, ``rule=``, ``method=``),
other calls' arguments (file names, scales, identifiers), ``snake_case`` names and bytes.
A literal is changed only in its text between the quotes; its prefix, quotes and
placeholders stay (a translation may reorder the placeholders, never change them; only the
words of a placeholder that shows a string, ``{'rank of A':^20s}``, are text).

Examples
--------
>>> [s.body for s in prose_literals('print("presses so far:", n)  # "not this"')]
['presses so far:']
>>> [s.body for s in prose_literals('d["rank"] = f"rank {r} of {n}"; plt.plot(x, y, "o--")')]
['rank {r} of {n}']
>>> replaced('print(f"{n} presses")', {"{n} presses": "按了 {n} 下"}.__getitem__)
'print(f"按了 {n} 下")'
>>> masked('print(f"{n} presses", "x")') == masked('print(f"按了 {n} 下", "y")')
True
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass

#: Keywords whose string value a reader sees (plots' and widgets' words).
PROSE_KEYWORDS = frozenset(
    {"title", "titles", "label", "labels", "xlabel", "ylabel", "caption", "description", "text"}
)
#: Functions whose positional string arguments a reader sees.
PROSE_CALLS = frozenset(
    {
        "print",
        "display",
        "Markdown",
        "HTML",
        "set_title",
        "set_xlabel",
        "set_ylabel",
        "suptitle",
        "title",
        "xlabel",
        "ylabel",
        "text",
        "annotate",
        "join",
    }
)
#: Parents through which a literal's value flows on to where it is used.
PASS_THROUGH = (
    ast.BinOp,
    ast.BoolOp,
    ast.IfExp,
    ast.List,
    ast.Tuple,
    ast.Set,
    ast.Starred,
    ast.FormattedValue,
    ast.JoinedStr,
    ast.ListComp,
    ast.SetComp,
    ast.GeneratorExp,
)
#: Parents whose value is kept for later: it may be shown, so it counts as prose.
VALUE_HOLDERS = (ast.Assign, ast.AnnAssign, ast.Return, ast.For, ast.comprehension, ast.Lambda)
WORD = re.compile(r"[A-Za-z]{2,}")
PHRASE = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}")
SNAKE_CASE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")
MAGIC = re.compile(r"^\s*[%!]", re.MULTILINE)


@dataclass(frozen=True)
class Literal:
    """One string token of a cell: where it is and its parts (``prefix quote body quote``)."""

    start: tuple[int, int]
    end: tuple[int, int]
    prefix: str
    quote: str
    body: str

    def with_body(self, body: str) -> str:
        """The token's source with ``body`` between its quotes."""
        return f"{self.prefix}{self.quote}{body}{self.quote}"


def placeholders(body: str) -> list[str]:
    """The ``{...}`` fields of a literal's text, sorted (``{{`` and ``}}`` are no fields).

    Examples
    --------
    >>> placeholders("{n}x{n} board ({rows * cols}), {yes_no[s]:>{w}s} {{not}}")
    ['{n}', '{n}', '{rows * cols}', '{yes_no[s]:>{w}s}']
    """
    found, depth, start, k = [], 0, 0, 0
    while k < len(body):
        pair = body[k : k + 2]
        if depth == 0 and pair in ("{{", "}}"):
            k += 2
            continue
        if body[k] == "{":
            start = k if depth == 0 else start
            depth += 1
        elif body[k] == "}" and depth > 0:
            depth -= 1
            if depth == 0:
                found.append(body[start : k + 1])
        k += 1
    return sorted(found)


#: A placeholder that only shows a string, ``{'rank of A':^20s}``: its words are text.
TEXT_FIELD = re.compile(r"""\{\s*('[^'{}]*'|"[^"{}]*")\s*(![rsa])?(:[^{}]*)?\}""")


def shape(field: str) -> str:
    """A placeholder as the code sees it: the words of a text field left out.

    Examples
    --------
    >>> shape("{'rank of A':^20s}"), shape("{r['n']:2d}")
    ("{'…':^20s}", "{r['n']:2d}")
    """
    text = TEXT_FIELD.fullmatch(field)
    return f"{{'…'{text[2] or ''}{text[3] or ''}}}" if text else field


def shapes(body: str) -> list[str]:
    """The shapes of a literal's placeholders, sorted: what a translation must keep."""
    return sorted(shape(field) for field in placeholders(body))


def words_of(body: str) -> str:
    """A literal's text without its placeholders (but with the words of its text fields)."""
    for field in placeholders(body):
        text = TEXT_FIELD.fullmatch(field)
        body = body.replace(field, f" {text[1][1:-1]} " if text else " ", 1)
    return body


def string_tokens(source: str) -> Iterator[Literal]:
    """Every string token of ``source`` (an implicit concatenation gives one per part)."""
    readline = io.StringIO(source).readline
    for token in tokenize.generate_tokens(readline):
        if token.type == tokenize.STRING:
            text = token.string
            opening = re.match(r"[A-Za-z]*('''|\"\"\"|'|\")", text)
            assert opening is not None  # every STRING token opens with a quote
            quote = opening[1]
            prefix = text[: opening.start(1)]
            body = text[len(prefix) + len(quote) : len(text) - len(quote)]
            yield Literal(token.start, token.end, prefix, quote, body)


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _names_cases(table: ast.Dict) -> bool:
    """Whether a dictionary's keys name things for a reader: one of them is words with spaces
    between (a table of named cases, of laws), not an identifier."""
    return any(
        isinstance(key, ast.Constant) and PHRASE.search(str(key.value)) is not None
        for key in table.keys
    )


def _shown(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether the value of the string expression ``node`` is for a reader (see the module)."""
    while True:
        parent = parents.get(node)
        if isinstance(parent, PASS_THROUGH):
            node = parent
        elif isinstance(parent, ast.Attribute) and parent.attr == "format":
            node = parents[parent]  # "...{}".format(...): as the call's value
        elif isinstance(parent, ast.Dict):
            return any(value is node for value in parent.values) or _names_cases(parent)
        elif isinstance(parent, ast.DictComp) and node is parent.value:
            node = parent
        elif isinstance(parent, ast.keyword):
            return parent.arg in PROSE_KEYWORDS
        elif isinstance(parent, ast.Call):
            return node in parent.args and _call_name(parent) in PROSE_CALLS
        else:
            return isinstance(parent, VALUE_HOLDERS)


def _char_position(lines: list[str], row: int, byte_column: int) -> tuple[int, int]:
    """The (row, character column) of an ``ast`` position (columns there count UTF-8 bytes)."""
    return row, len(lines[row - 1].encode()[:byte_column].decode())


def _shown_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the outermost string expressions whose value a reader sees lie in ``source``."""
    try:
        tree = ast.parse(MAGIC.sub(lambda m: m[0][:-1] + "#", source))  # IPython magics
    except SyntaxError:
        return []
    parents = _parents(tree)
    lines = source.splitlines()
    spans = []
    for node in ast.walk(tree):
        strings = (ast.JoinedStr, ast.Constant)
        if not isinstance(node, strings) or isinstance(parents.get(node), ast.JoinedStr):
            continue
        if isinstance(node, ast.Constant) and not isinstance(node.value, str):
            continue
        if isinstance(node, ast.FormattedValue) or not _shown(node, parents):
            continue
        assert node.end_lineno is not None and node.end_col_offset is not None
        start = _char_position(lines, node.lineno, node.col_offset)
        end = _char_position(lines, node.end_lineno, node.end_col_offset)
        spans.append((start, end))
    return spans


def is_prose(literal: Literal) -> bool:
    """Whether a literal shown to a reader says words (not bytes, not a ``snake_case`` name)."""
    words = words_of(literal.body)
    return (
        "b" not in literal.prefix.lower()
        and WORD.search(words) is not None
        and SNAKE_CASE.fullmatch(words.strip()) is None
    )


def prose_literals(source: str) -> list[Literal]:
    """The literals of ``source`` that carry prose for a reader, in order."""
    spans = _shown_spans(source)
    return [
        literal
        for literal in string_tokens(source)
        if is_prose(literal) and any(a <= literal.start < b for a, b in spans)
    ]


def _rewritten(source: str, literals: list[Literal], body: Callable[[Literal], str]) -> str:
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    pieces, at = [], 0
    for literal in literals:
        start = offsets[literal.start[0] - 1] + literal.start[1]
        end = offsets[literal.end[0] - 1] + literal.end[1]
        pieces += [source[at:start], literal.with_body(body(literal))]
        at = end
    return "".join([*pieces, source[at:]])


def replaced(source: str, translate: Callable[[str], str]) -> str:
    """``source`` with the text of each prose literal replaced by ``translate(text)``."""
    return _rewritten(source, prose_literals(source), lambda s: translate(s.body))


def masked(source: str) -> str:
    """``source`` with every string's text reduced to its placeholders' shapes: the code alone.

    Two cells whose masks are equal differ at most in the words of their strings.
    """
    return _rewritten(source, list(string_tokens(source)), lambda s: "…" + "".join(shapes(s.body)))


def translation_problems(literal: Literal, chinese: str) -> list[str]:
    """How ``chinese`` fails as the text of ``literal``: other placeholders, or broken code.

    Examples
    --------
    >>> english = prose_literals('print(f"{n} presses")')[0]
    >>> translation_problems(english, "按了 {n} 下")
    []
    >>> translation_problems(english, "按了 {m} 下")
    ['placeholders differ: {n} -> {m}']
    >>> translation_problems(english, '按了 {n} 下"')
    ['not a string literal: f"按了 {n} 下""']
    """
    found = []
    if shapes(literal.body) != shapes(chinese):
        before, after = " ".join(shapes(literal.body)), " ".join(shapes(chinese))
        found.append(f"placeholders differ: {before} -> {after}")
    source = literal.with_body(chinese)
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        tree = None
    if tree is None or not isinstance(tree.body, ast.JoinedStr | ast.Constant):
        found.append(f"not a string literal: {source}")
    return found
