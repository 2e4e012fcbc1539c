"""The Discord layer: slash commands and components that turn clicks into game actions."""
