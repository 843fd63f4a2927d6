/**
 * Nelder–Mead on the unit cube, each trial point projected back into it. A point where the
 * objective is not a number counts as infinitely bad, so one NaN never poisons the simplex.
 */
export function nelderMead(
  objective: (u: readonly number[]) => number,
  start: readonly number[],
  maxEvaluations: number,
): { point: number[]; value: number; evaluations: number } {
  const project = (u: readonly number[]) =>
    u.map((x) => (Number.isNaN(x) ? 0.5 : Math.min(1, Math.max(0, x))));
  let evaluations = 0;
  const evaluate = (u: readonly number[]) => {
    evaluations++;
    const value = objective(u);
    return Number.isNaN(value) ? Number.POSITIVE_INFINITY : value;
  };
  const simplex = [project(start)];
  for (let i = 0; i < start.length; i++) {
    const vertex = [...project(start)];
    const x = vertex[i] ?? 0;
    vertex[i] = x + (x > 0.9 ? -0.1 : 0.1);
    simplex.push(vertex);
  }
  let points = simplex.map((point) => ({ point, value: evaluate(point) }));
  const combine = (a: readonly number[], b: readonly number[], t: number) =>
    project(a.map((x, i) => x + t * ((b[i] ?? 0) - x)));
  while (evaluations < maxEvaluations) {
    points.sort((a, b) => a.value - b.value);
    const best = points[0];
    const worst = points[points.length - 1];
    const second = points[points.length - 2];
    if (!best || !worst || !second) break;
    if (worst.value - best.value < 1e-9) break;
    const centroid = start.map(
      (_, i) =>
        points.slice(0, -1).reduce((s, v) => s + (v.point[i] ?? 0), 0) / (points.length - 1),
    );
    const reflected = combine(centroid, worst.point, -1);
    const reflectedValue = evaluate(reflected);
    if (reflectedValue < best.value) {
      const expanded = combine(centroid, worst.point, -2);
      const expandedValue = evaluate(expanded);
      points[points.length - 1] =
        expandedValue < reflectedValue
          ? { point: expanded, value: expandedValue }
          : { point: reflected, value: reflectedValue };
    } else if (reflectedValue < second.value) {
      points[points.length - 1] = { point: reflected, value: reflectedValue };
    } else {
      const contracted = combine(centroid, worst.point, 0.5);
      const contractedValue = evaluate(contracted);
      if (contractedValue < worst.value) {
        points[points.length - 1] = { point: contracted, value: contractedValue };
      } else {
        points = points.map((vertex, i) => {
          if (i === 0) return vertex;
          const point = combine(best.point, vertex.point, 0.5);
          return { point, value: evaluate(point) };
        });
      }
    }
  }
  points.sort((a, b) => a.value - b.value);
  const best = points[0] ?? { point: project(start), value: Number.POSITIVE_INFINITY };
  return { ...best, evaluations };
}
