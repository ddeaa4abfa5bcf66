# python -m host_tools.sim: the simulator (this package's __init__).
from host_tools.sim import main

main()
