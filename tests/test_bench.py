"""``balance bench`` quotes its figures with the processor they were measured on: games/s per core are that core's."""

from rich.console import Console

from balance.bench import BenchResult, print_bench, processor

CPUINFO = """processor\t: 0
vendor_id\t: AuthenticAMD
model name\t: AMD EPYC 7B13 64-Core Processor
cpu MHz\t\t: 2596.140

processor\t: 1
model name\t: AMD EPYC 7B13 64-Core Processor
cpu MHz\t\t: 2601.000
"""


def test_processor_is_named_with_its_clock_and_cores():
    assert processor(CPUINFO, 2) == "AMD EPYC 7B13 64-Core Processor, 2.6 GHz, 2 cores"


def test_processor_without_cpuinfo_still_names_something():
    name = processor("", None)
    assert name and "GHz" not in name and "cores" not in name


def test_the_table_names_the_processor():
    console = Console(record=True, width=100)
    print_bench(BenchResult("pig", "hold20, hold20 (2 players)", "AMD EPYC, 2.6 GHz, 2 cores", 2870.4, 2857.0, 1.5,
                            2500.0, 4600.0), console)
    text = console.export_text()
    assert "on AMD EPYC, 2.6 GHz, 2 cores" in text
    assert "2,870" in text and "1,914x" in text and "92%" in text
