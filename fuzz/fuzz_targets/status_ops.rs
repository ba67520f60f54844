//! Operation sequences on statuses, from arbitrary bytes: each operation is applied to real
//! statuses and to the plain model of `status_model`, and every live status is compared with
//! its model after each step (the same checks as the proptest state machine).
#![no_main]

use libfuzzer_sys::fuzz_target;
use status_model::{Live, Model, Transition};

fuzz_target!(|transitions: Vec<Transition>| {
    let mut model = Model::default();
    let mut live = Live::new();
    for transition in transitions.into_iter().take(64) {
        let Some(transition) = transition.fit(model.len()) else {
            continue;
        };
        model.apply(&transition);
        live.apply(&model, transition);
        live.check(&model);
    }
});
