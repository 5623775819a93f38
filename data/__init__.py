"""The import layer (header maps, parsers, joins), the shipped datasets and the stores."""
