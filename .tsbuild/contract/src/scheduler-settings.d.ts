import { z } from 'zod';
/**
 * The scheduler numbers of UserInfo with their defaults and bounds (SCHEDULER.md "Defaults and
 * bounds"). One table, used by the contract's validation, the server's defaults and the web forms.
 */
export declare const schedulerNumberSettings: {
    readonly interceptElevationGain: {
        readonly default: 0.3;
        readonly min: 0;
        readonly max: 3;
        readonly step: 0.01;
    };
    readonly amplitudeElevationGain: {
        readonly default: 2.5;
        readonly min: 0;
        readonly max: 5;
        readonly step: 0.01;
    };
    readonly decayRateElevationGain: {
        readonly default: 1.25;
        readonly min: 0;
        readonly max: 3;
        readonly step: 0.01;
    };
    readonly checkpointAmplitudeCoefficientElevationGain: {
        readonly default: 0.45;
        readonly min: 0.3;
        readonly max: 1.5;
        readonly step: 0.01;
    };
    readonly checkpointSpanElevationGain: {
        readonly default: 2;
        readonly min: 0;
        readonly max: 16;
        readonly step: 0.1;
    };
    readonly interceptElevationDepreciation: {
        readonly default: 0.12;
        readonly min: 0;
        readonly max: 1;
        readonly step: 0.01;
    };
    readonly amplitudeElevationDepreciation: {
        readonly default: 0.12;
        readonly min: 0;
        readonly max: 1;
        readonly step: 0.01;
    };
    readonly decayRateElevationDepreciation: {
        readonly default: 0.4;
        readonly min: 0;
        readonly max: 3;
        readonly step: 0.01;
    };
    readonly checkpointAmplitudeCoefficientElevationDepreciation: {
        readonly default: 1.35;
        readonly min: 0.3;
        readonly max: 1.5;
        readonly step: 0.01;
    };
    readonly checkpointSpanElevationDepreciation: {
        readonly default: 2;
        readonly min: 0;
        readonly max: 16;
        readonly step: 0.1;
    };
    readonly checkpointAmplitudeCoefficientPeriodGain: {
        readonly default: 1;
        readonly min: 0.5;
        readonly max: 1.5;
        readonly step: 0.01;
    };
    readonly checkpointSpanPeriodGain: {
        readonly default: 4;
        readonly min: 0;
        readonly max: 16;
        readonly step: 0.1;
    };
    readonly checkpointAmplitudeCoefficientPeriodDepreciation: {
        readonly default: 0.7;
        readonly min: 0.25;
        readonly max: 1;
        readonly step: 0.01;
    };
    readonly checkpointSpanPeriodDepreciation: {
        readonly default: 2;
        readonly min: 0;
        readonly max: 16;
        readonly step: 0.1;
    };
    readonly guessSuccessMinimumScore: {
        readonly default: 0.85;
        readonly min: 0.5;
        readonly max: 1;
        readonly step: 0.01;
    };
};
export type SchedulerNumberSetting = keyof typeof schedulerNumberSettings;
export declare const schedulerNumberSettingNames: SchedulerNumberSetting[];
/** reflowValue is in days when isReflowAbsolute, else a fraction of the period. */
export declare const reflowBounds: {
    readonly absolute: {
        readonly min: 0;
        readonly max: 7;
        readonly step: 0.5;
    };
    readonly relative: {
        readonly min: 0;
        readonly max: 0.25;
        readonly step: 0.01;
    };
};
export declare const defaultSchedulerSettings: {
    isReflowAbsolute: boolean;
    reflowValue: number;
    interceptElevationGain: number;
    amplitudeElevationGain: number;
    decayRateElevationGain: number;
    checkpointAmplitudeCoefficientElevationGain: number;
    checkpointSpanElevationGain: number;
    interceptElevationDepreciation: number;
    amplitudeElevationDepreciation: number;
    decayRateElevationDepreciation: number;
    checkpointAmplitudeCoefficientElevationDepreciation: number;
    checkpointSpanElevationDepreciation: number;
    checkpointAmplitudeCoefficientPeriodGain: number;
    checkpointSpanPeriodGain: number;
    checkpointAmplitudeCoefficientPeriodDepreciation: number;
    checkpointSpanPeriodDepreciation: number;
    guessSuccessMinimumScore: number;
};
export declare function boundedNumber(name: SchedulerNumberSetting): z.ZodNumber;
