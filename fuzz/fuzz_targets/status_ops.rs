//! Operation sequences on statuses, from arbitrary bytes: each operation is applied to real
//! statuses and to the plain model of `status_model`, and every live status is compared with
//! its model after each step (the same checks as the proptest state machine).
#![no_main]

use libfuzzer_sys::fuzz_target;
use status_model::{Live, Model, Transition};

fuzz_target!(|transitions: Vec<Transition>| {
    let mut model = Model::default();
    let mut live = Live::new();
    // As long as the input makes it: libFuzzer's inputs (4,096 bytes at most by default) hold
    // hundreds of operations.
    for transition in transitions {
        let Some(transition) = transition.fit(model.len()) else {
            continue;
        };
        model.apply(&transition);
        live.apply(&model, transition);
        live.check(&model);
    }
});
