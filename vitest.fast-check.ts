import fc from 'fast-check';

// CI replays one fixed sample of every property so a submission's result never depends on luck;
// local runs draw new samples each time and so keep exploring. A failure prints its seed.
if (process.env['CI']) fc.configureGlobal({ seed: 20261121 });
