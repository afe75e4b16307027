from lode.cli import main

main()
