//! The state layer: every signal and context the components share, each as a newtype with
//! the operations it allows. Plain data comes from `pep-view`; the browser from `platform`.

pub mod catalogue;
pub mod collapse;
pub mod compare;
pub mod doc;
pub mod engine;
pub mod lang;
pub mod linking;
pub mod options;
pub mod shell;
pub mod step;
pub mod theme;
