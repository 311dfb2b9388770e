"""The calculators of ``companion calc``: one module each, exposing ``register(subparsers)``."""
