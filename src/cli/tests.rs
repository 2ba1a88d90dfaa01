//! The command line's tests, a room per topic: parsing ([`parsing`]), the
//! workflow commands' options ([`commands`]), help and suggestions
//! ([`help`]), and the settings resolved from the options and the machine
//! ([`settings`]); what they share is in [`util`].

mod commands;
mod help;
mod parsing;
mod settings;
mod util;
