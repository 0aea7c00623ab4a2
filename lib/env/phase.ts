/** Whether this process is `next build` prerendering (Next sets NEXT_PHASE there): no upkeep, no work a visit can do later. */
export const isBuilding = () => process.env.NEXT_PHASE === 'phase-production-build';
