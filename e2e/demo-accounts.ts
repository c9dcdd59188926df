/**
 * The demo's passwords (the seed's, in demo mode), in a module of their own so the global setup
 * can read them without loading the test fixtures.
 */
export const DEMO_PASSWORD = 'Demo@123456';
export const OPS_PASSWORD = 'Ops@123456';
