//! Random sequences of operations on statuses, checked after every step against the plain
//! model of `status_model` (what each status should hold), shrunk to the shortest failing
//! sequence when a check fails.
//!
//! The operations: creating a status in every state (code only, static, formatted through each
//! route, converted from a foreign error) and of every kind of variant with fields (packed, on
//! the heap, converted, fieldless, a kind's code alone), cloning, `with_message`, `with_detail` (a number,
//! and a value that records its own drop), `context`, dropping, moving to another thread and
//! back, and a round trip through `Box<dyn Error>`.
//!
//! `PROPTEST_CASES` sets the number of sequences (default 256); the test prints how many
//! sequences and operations it ran. CI also runs it under AddressSanitizer
//! (`scripts/check-memory.sh`) and Miri (`scripts/miri.sh`).

use std::sync::atomic::{AtomicUsize, Ordering};

use fast_status::Code;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use proptest_state_machine::{ReferenceStateMachine, StateMachineTest};
use status_model::{Creation, KindErrorCode, Live, Model, StatusCode, Transition};

fn code() -> impl Strategy<Value = StatusCode> {
    prop::sample::select(StatusCode::ALL)
}

/// Text of every length around the sink's thresholds (16-byte pieces, the 128-byte first
/// pass), with multi-byte characters that a cut must not split.
fn text() -> impl Strategy<Value = String> {
    "[a-z é€😀]{0,80}"
}

/// An index into `KindErrorCode::ALL`.
fn kind_code() -> impl Strategy<Value = u8> {
    0..u8::try_from(KindErrorCode::ALL.len()).expect("a few codes")
}

/// A `u64` that fits in 26 bits as often as not, so that `Range` is packed or stored, up to
/// and past the edge.
fn wide() -> impl Strategy<Value = u64> {
    prop_oneof![
        0..1_u64 << 26,
        (1_u64 << 26) - 2..(1 << 26) + 2,
        any::<u64>()
    ]
}

fn creation() -> impl Strategy<Value = Creation> {
    prop_oneof![
        code().prop_map(Creation::Code),
        code().prop_map(Creation::Static),
        (code(), text()).prop_map(|(c, t)| Creation::Message(c, t)),
        (code(), text()).prop_map(|(c, t)| Creation::Lying(c, t)),
        (code(), text(), any::<u64>()).prop_map(|(c, t, n)| Creation::Split(c, t, n)),
        text().prop_map(Creation::FromIo),
        text().prop_map(Creation::OrStatus),
        any::<u32>().prop_map(Creation::Offset),
        (wide(), wide()).prop_map(|(lo, hi)| Creation::Range(lo, hi)),
        text().prop_map(Creation::Named),
        text().prop_map(Creation::NamedText),
        text().prop_map(Creation::KindIo),
        Just(Creation::Custom),
        kind_code().prop_map(Creation::KindCode),
        (kind_code(), text()).prop_map(|(c, t)| Creation::KindMessage(c, t)),
    ]
}

struct StatusMachine;

impl ReferenceStateMachine for StatusMachine {
    type State = Model;
    type Transition = Transition;

    fn init_state() -> BoxedStrategy<Model> {
        Just(Model::default()).boxed()
    }

    fn transitions(state: &Model) -> BoxedStrategy<Transition> {
        let create = creation().prop_map(Transition::Create);
        if state.is_empty() {
            return create.boxed();
        }
        let index = 0..state.len();
        prop_oneof![
            3 => create,
            2 => index.clone().prop_map(Transition::Clone),
            1 => (index.clone(), text()).prop_map(|(i, t)| Transition::WithMessage(i, t)),
            1 => (index.clone(), any::<u32>()).prop_map(|(i, n)| Transition::WithNumber(i, n)),
            1 => index.clone().prop_map(Transition::WithCounted),
            2 => (index.clone(), text()).prop_map(|(i, t)| Transition::Context(i, t)),
            2 => index.clone().prop_map(Transition::Drop),
            1 => index.clone().prop_map(Transition::ThroughThread),
            1 => index.clone().prop_map(Transition::ThroughBoxDyn),
            2 => index.clone().prop_map(Transition::IntoKind),
            1 => (index.clone(), text()).prop_map(|(i, t)| Transition::WithSource(i, t)),
            1 => (index.clone(), index.clone())
                .prop_map(|(i, j)| Transition::WithStatusSource(i, j)),
            1 => (index.clone(), 0..2_u8).prop_map(|(i, how)| Transition::Panicking(i, how)),
            1 => index.clone().prop_map(Transition::RaceClones),
            1 => index.prop_map(Transition::WithPanicky),
        ]
        .boxed()
    }

    fn preconditions(state: &Model, transition: &Transition) -> bool {
        state.allows(transition)
    }

    fn apply(mut state: Model, transition: &Transition) -> Model {
        state.apply(transition);
        state
    }
}

/// Sequences and operations run, for the summary line.
static SEQUENCES: AtomicUsize = AtomicUsize::new(0);
static OPERATIONS: AtomicUsize = AtomicUsize::new(0);

impl StateMachineTest for StatusMachine {
    type SystemUnderTest = Live;
    type Reference = StatusMachine;

    fn init_test(_: &Model) -> Live {
        SEQUENCES.fetch_add(1, Ordering::Relaxed);
        Live::new()
    }

    fn apply(mut live: Live, model: &Model, transition: Transition) -> Live {
        OPERATIONS.fetch_add(1, Ordering::Relaxed);
        live.apply(model, transition);
        live
    }

    fn check_invariants(live: &Live, model: &Model) {
        live.check(model);
    }
}

#[test]
fn statuses_behave_like_their_model() {
    let config = Config {
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config.clone());
    let result = runner.run(
        &StatusMachine::sequential_strategy(1..48),
        |(initial, transitions, seen)| {
            StatusMachine::test_sequential(config.clone(), initial, transitions, seen);
            Ok(())
        },
    );
    println!(
        "state machine: {} sequences, {} operations (PROPTEST_CASES={})",
        SEQUENCES.load(Ordering::Relaxed),
        OPERATIONS.load(Ordering::Relaxed),
        config.cases,
    );
    if let Err(failure) = result {
        panic!("{failure}");
    }
}
