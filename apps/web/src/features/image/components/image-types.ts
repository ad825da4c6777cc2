import type { ResultOf } from 'gql.tada';
import type { ImageHotspotFragment, StepImageFragment } from '../graphql';

export type StepImage = ResultOf<typeof StepImageFragment>;
export type StepHotspot = ResultOf<typeof ImageHotspotFragment>;
