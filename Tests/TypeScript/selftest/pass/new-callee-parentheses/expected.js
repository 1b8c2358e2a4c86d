const built = new (make().Thing       ).Inner();
