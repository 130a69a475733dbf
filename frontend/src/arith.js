// Residues mod k: the arithmetic every widget shares. Matrices travel as arrays of rows; a row
// of residues mod k < 37 is a string of base-36 digits ("0120..."), otherwise an array.

/** Rows of a matrix as arrays of numbers. */
export function parseMatrix(rows) {
  return rows.map((row) =>
    typeof row === "string" ? Array.from(row, (ch) => Number.parseInt(ch, 36)) : row.slice(),
  );
}

/** A mod k that is never negative. */
export function mod(a, k) {
  const r = a % k;
  return r < 0 ? r + k : r;
}

/** Modular inverse of a mod a prime p. */
export function inverse(a, p) {
  let [t, newT, r, newR] = [0, 1, p, mod(a, p)];
  while (newR) {
    const q = Math.floor(r / newR);
    [t, newT] = [newT, t - q * newT];
    [r, newR] = [newR, r - q * newR];
  }
  return mod(t, p);
}

/** The sum of the entries of a vector. */
export function total(vector) {
  return vector.reduce((s, v) => s + v, 0);
}

/** The dot product of two vectors mod k. */
export function dot(a, b, k) {
  return mod(
    a.reduce((s, v, i) => s + v * b[i], 0),
    k,
  );
}
