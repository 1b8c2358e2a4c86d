import HawserCore
print("hawser")
