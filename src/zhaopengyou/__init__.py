"""zhaopengyou: 找朋友 and the other games of the 升级 family."""

__version__ = "0.1.0"
