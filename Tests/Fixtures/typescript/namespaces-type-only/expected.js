                 
                                  
                         
 
                       
                                                    
                     
 
                                   
const used          = { a: 1 };
