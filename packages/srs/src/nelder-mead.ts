export interface NelderMeadOptions {
  /** Stop when the simplex's worst and best values differ by less than this (default 1e-9). */
  tolerance?: number;
  /** Size of the first simplex's steps along each axis of the cube (default 0.1). */
  step?: number;
}

/**
 * Nelder–Mead on the unit cube, each trial point projected back into it. A point where the
 * objective is not a number counts as infinitely bad, so one NaN never poisons the simplex.
 */
export function nelderMead(
  objective: (u: readonly number[]) => number,
  start: readonly number[],
  maxEvaluations: number,
  options: NelderMeadOptions = {},
): { point: number[]; value: number; evaluations: number } {
  const { tolerance = 1e-9, step = 0.1 } = options;
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
    vertex[i] = x + (x > 1 - step ? -step : step);
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
    if (worst.value - best.value < tolerance) break;
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

export interface RestartOptions {
  /** Budget of objective evaluations over every run. */
  maxEvaluations: number;
  /** Budget of one run before it is restarted from its best point. */
  runEvaluations: number;
  /** Restarts stop when one improves the value by less than this. */
  tolerance: number;
  /** Called after every run with the evaluations so far and the best value. */
  onRun?: (progress: { evaluations: number; value: number }) => void;
}

/**
 * Nelder–Mead restarted from its best point with a fresh simplex until a restart gains less than
 * the tolerance (converged) or the budget runs out: a collapsed simplex restarts wide, which
 * escapes the false convergence of a single run in many dimensions. The fitters of every model
 * use this one routine, so a comparison gives each the same effort.
 */
export function nelderMeadWithRestarts(
  objective: (u: readonly number[]) => number,
  start: readonly number[],
  options: RestartOptions,
): { point: number[]; value: number; evaluations: number; runs: number; converged: boolean } {
  const { maxEvaluations, runEvaluations, tolerance, onRun } = options;
  let point = [...start];
  let value = objective(point);
  let evaluations = 1;
  let runs = 0;
  while (evaluations < maxEvaluations) {
    const budget = Math.min(runEvaluations, maxEvaluations - evaluations);
    const result = nelderMead(objective, point, budget, { tolerance: tolerance / 10 });
    evaluations += result.evaluations;
    runs++;
    const gained = value - result.value;
    if (gained > 0) {
      point = result.point;
      value = result.value;
    }
    onRun?.({ evaluations, value });
    if (gained < tolerance) return { point, value, evaluations, runs, converged: true };
  }
  return { point, value, evaluations, runs, converged: false };
}
