"""State changes as small named commands (verify, apply, describe), and their registry."""

from companion.core.commands.base import Command, command_from_dict, registered_commands

__all__ = ["Command", "command_from_dict", "registered_commands"]
