// Synthetic scanned answer sheets for tests and benchmarks (pure except jpeg.ts, which uses sharp).
export * from './types.js';
export { DEFAULT_RATES, expectationOf, planFromFill, planSheet, type FillInput, type PlanRates, type ScenarioRates, type SheetPlan } from './plan.js';
export { DEFAULT_DISTORTION, NO_DISTORTION, randomDistortion, scanGeometry, synthesizeSheet, type DistortionRanges, type SynthOptions } from './generate.js';
export { drawCardPage } from './draw-card.js';
export { Confusion, judgeSheet, type GroupVerdict, type JudgeOptions, type Outcome, type SheetVerdict } from './judge.js';
export { OBJECTIVE_CARD_INPUT, pageBitsOf, pickSheet, synthCards, SYNTH_DPIS, type SheetPick } from './cards.js';
