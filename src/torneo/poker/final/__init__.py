"""The league's road to the final table (PKR-LEAGUE-3/4): the qualifier, the final, its stacks."""
